import { closeSync, fstatSync, fsyncSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { rm } from 'node:fs/promises';
import { asciiJson, writeFileAtomic, writeTextInSteps } from './data-dir.js';
import type { KeptSource, KeptWritten } from './kept-list.js';

/* Writing a kept list (kept-list.ts reads one): its definitions file, then its index over it. */

/** The definitions file's lines, recording each one's span. */
function* defsPieces<T>(src: KeptSource<T>, spans: Float64Array): Generator<string> {
  let at = 0;
  let i = 0;
  for (const item of src.items) {
    if (i === src.count) throw new Error('a kept list grew while it was written');
    const text = asciiJson(src.text(item, i) ?? 'null');
    spans[2 * i] = at;
    spans[2 * i + 1] = text.length;
    at += text.length + 1;
    i++;
    yield text;
    yield '\n';
  }
  if (i !== src.count) throw new Error('a kept list shrank while it was written');
}

/**
 * The index's text in pieces: the keys, the fingerprints as one string (a space between two: as an
 * array of strings they took most of the index's parse), each item's span (`slot` names its place in
 * `spans`), then the owner's fields.
 */
function* indexPieces<T>(
  defs: string,
  src: KeptSource<T>,
  slot: (item: T, i: number) => number,
  spans: ArrayLike<number>,
  extra: Record<string, unknown>,
): Generator<string> {
  yield `{"kept":2,"savedAt":${JSON.stringify(new Date().toISOString())},"defs":${JSON.stringify(defs)},"keys":[`;
  let i = 0;
  for (const item of src.items) yield (i++ ? ',' : '') + JSON.stringify(src.key(item));
  yield '],"fingerprints":"';
  i = 0;
  for (const item of src.items) yield (i ? ' ' : '') + JSON.stringify(src.fingerprint(item, i++)).slice(1, -1);
  yield '","spans":[';
  i = 0;
  let piece = '';
  for (const item of src.items) {
    const at = 2 * slot(item, i);
    piece += `${i++ ? ',' : ''}${spans[at]},${spans[at + 1]}`;
    if (piece.length > 16_384) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}]`;
  for (const [k, v] of Object.entries(extra)) yield `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  yield '}\n';
}

const newDefsName = (indexPath: string): string =>
  `${basename(indexPath).replace(/\.json$/, '')}.${randomBytes(4).toString('hex')}.defs`;

/** Removes the definitions files of this index other than `keep` (older generations, or one a failed write left). */
function removeOtherDefs(indexPath: string, keep: string): void {
  const base = basename(indexPath).replace(/\.json$/, '');
  const mine = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{8}\\.defs$`);
  try {
    for (const f of readdirSync(dirname(indexPath)))
      if (f !== keep && mine.test(f)) rmSync(join(dirname(indexPath), f), { force: true });
  } catch {
    /* left for the next write */
  }
}

const inOrder = (_item: unknown, i: number): number => i;

/**
 * Writes a kept list a few milliseconds at a time: the definitions file, then the index over the
 * old one. Dropped (the old files kept) when `wanted()` turns false meanwhile (a newer write, or
 * the list changed). `extra()` is read once the definitions are written (the owner's fields, in
 * list order).
 */
export async function writeKeptInSteps<T>(
  indexPath: string,
  src: KeptSource<T>,
  extra: () => Record<string, unknown>,
  wanted: () => boolean,
): Promise<KeptWritten | null> {
  const defs = newDefsName(indexPath);
  const defsPath = join(dirname(indexPath), defs);
  // The spans outside the heap: 200,000 numbers are not one more large array waiting for a full collection.
  const spans = new Float64Array(2 * src.count);
  if (!(await writeTextInSteps(defsPath, defsPieces(src, spans), wanted))) return null;
  if (!(await writeTextInSteps(indexPath, indexPieces(defs, src, inOrder, spans, extra()), wanted))) {
    await rm(defsPath, { force: true });
    return null;
  }
  removeOtherDefs(indexPath, defs);
  return { defsPath, spans };
}

/** The same at once (on close, or when a person's accept must be written before it counts). */
export function writeKeptSync<T>(
  indexPath: string,
  src: KeptSource<T>,
  extra: () => Record<string, unknown>,
): KeptWritten {
  const defs = newDefsName(indexPath);
  const defsPath = join(dirname(indexPath), defs);
  const spans = new Float64Array(2 * src.count);
  writeFileAtomic(defsPath, [...defsPieces(src, spans)].join(''));
  try {
    writeKeptIndexSync(indexPath, defsPath, src, inOrder, spans, extra());
  } catch (e) {
    rmSync(defsPath, { force: true });
    throw e;
  }
  removeOtherDefs(indexPath, defs);
  return { defsPath, spans };
}

/**
 * Writes an index at once over the old one, naming spans its definitions file already holds (`slot`: each item's place
 * in `spans`).
 */
export function writeKeptIndexSync<T>(
  indexPath: string,
  defsPath: string,
  src: KeptSource<T>,
  slot: (item: T, i: number) => number,
  spans: ArrayLike<number>,
  extra: Record<string, unknown>,
): void {
  writeFileAtomic(indexPath, indexText(basename(defsPath), src, slot, spans, extra));
}

/**
 * The index's text at once, the same as indexPieces makes: arrays stringified natively (at 100,000
 * tools a person's accept waited 200 ms for the pieces joined, and as long again for their garbage).
 */
function indexText<T>(
  defs: string,
  src: KeptSource<T>,
  slot: (item: T, i: number) => number,
  spans: ArrayLike<number>,
  extra: Record<string, unknown>,
): string {
  const keys = new Array<string>(src.count);
  const fingerprints = new Array<string>(src.count);
  const at = new Array<number>(2 * src.count);
  let i = 0;
  for (const item of src.items) {
    if (i === src.count) throw new Error('a kept list grew while it was written');
    const s = 2 * slot(item, i);
    keys[i] = src.key(item);
    fingerprints[i] = src.fingerprint(item, i);
    at[2 * i] = spans[s]!;
    at[2 * i + 1] = spans[s + 1]!;
    i++;
  }
  if (i !== src.count) throw new Error('a kept list shrank while it was written');
  let text = `{"kept":2,"savedAt":${JSON.stringify(new Date().toISOString())},"defs":${JSON.stringify(defs)},"keys":${JSON.stringify(keys)}`;
  text += `,"fingerprints":${JSON.stringify(fingerprints.join(' '))},"spans":${JSON.stringify(at)}`;
  for (const [k, v] of Object.entries(extra)) text += `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  return asciiJson(`${text}}\n`);
}

/**
 * Appends definitions to a definitions file at once, synced before it returns; the spans they got
 * (start, length each). An index written after names them; one written before does not, and the
 * bytes after its last span are never read.
 */
export function appendKeptDefs(defsPath: string, texts: Array<string | undefined>): number[] {
  const fd = openSync(defsPath, 'a', 0o600);
  try {
    let at = fstatSync(fd).size;
    const spans: number[] = [];
    const pieces: string[] = [];
    for (const t of texts) {
      const text = asciiJson(t ?? 'null');
      spans.push(at, text.length);
      at += text.length + 1;
      pieces.push(text, '\n');
    }
    const buf = Buffer.from(pieces.join(''), 'latin1');
    for (let off = 0; off < buf.length;) {
      const n = writeSync(fd, buf, off, buf.length - off);
      if (!(n > 0))
        throw Object.assign(new Error(`wrote ${off} of ${buf.length} bytes of ${defsPath}`), { code: 'ENOSPC' });
      off += n;
    }
    fsyncSync(fd);
    return spans;
  } finally {
    closeSync(fd);
  }
}
