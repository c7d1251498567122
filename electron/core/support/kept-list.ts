import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readPlacedBytes } from './placed-file.js';
import { isAscii } from 'node:buffer';
import { dirname, join } from 'node:path';
import { parseMeasured } from '../../../shared/boundary.js';
import type { KeptItems } from '../../../shared/catalog-diff.js';

/**
 * A large list kept on disk as two files: an index read whole (each item's key, its fingerprint,
 * where its definition sits, and whatever the owner adds), and the definitions, one line each, read
 * one at a time when asked for. At 100,000 tools the index is under a third of a file that held every
 * definition: a new session reads it, and reads the definitions of only the items that changed
 * (their diff). Both files are ASCII (asciiJson), so a character count is a byte count.
 *
 * The index names its definitions file (`<base>.<8 hex>.defs`); a new full write makes a new one,
 * renames the index over the old, then removes the older definitions files. An index is never
 * left naming a file that is not there, and a reader holding the index before reads what it named.
 */
export interface KeptIndex {
  kept: 2;
  savedAt: string;
  defs: string;
  keys: string[];
  fingerprints: string[];
  /** Each item's definition: its first byte and length in the definitions file. */
  spans: number[];
}

/**
 * What a write reads: the items (iterated twice, for the definitions and then for the index, so no
 * array of 100,000 keys or fingerprints is built to write them), and each one's key, fingerprint and
 * definition as JSON text (undefined: `null`).
 */
export interface KeptSource<T> {
  items: Iterable<T>;
  count: number;
  key(item: T): string;
  fingerprint(item: T, i: number): string;
  text(item: T, i: number): string | undefined;
}

/** A finished write: its definitions file, and where each item's definition went (start, length). */
export interface KeptWritten {
  defsPath: string;
  spans: Float64Array;
}

/**
 * A definitions file named by an index: each item read when asked for, checked to be the item keyed.
 * (A reader kept only for its definitions may hold no fingerprints; its owner keeps them.)
 */
export class KeptDefs implements KeptItems {
  constructor(
    readonly path: string,
    readonly keys: string[],
    readonly fingerprints: string[],
    public spans: ArrayLike<number>,
    private readonly keyOf: (item: Record<string, unknown>) => string,
  ) {}

  get length(): number {
    return this.keys.length;
  }

  key(i: number): string {
    return this.keys[i]!;
  }

  fingerprint(i: number): string {
    return this.fingerprints[i]!;
  }

  /**
   * The file open for the reads of this turn (a diff of 100,000 changed tools is not 100,000 opens); closed on the
   * next.
   */
  private open: number | undefined;

  private descriptor(): number {
    if (this.open === undefined) {
      this.open = openSync(this.path, 'r');
      setImmediate(() => {
        if (this.open !== undefined) closeSync(this.open);
        this.open = undefined;
      });
    }
    return this.open;
  }

  /** The text of item i (ASCII JSON) as written; undefined when the file does not hold it. */
  text(i: number, fd?: number): string | undefined {
    const start = this.spans[2 * i]!;
    const length = this.spans[2 * i + 1]!;
    let file: number | undefined;
    try {
      file = fd ?? this.descriptor();
      // SECURITY: a span past the file's end (an index edited by hand) allocates nothing.
      if (start + length > fstatSync(file!).size) return undefined;
      const buf = Buffer.allocUnsafe(length);
      let got = 0;
      while (got < length) {
        const n = readSync(file!, buf, got, length - got, start + got);
        if (n <= 0) return undefined;
        got += n;
      }
      return buf.toString('latin1', 0, length);
    } catch {
      return undefined;
    }
  }

  /**
   * Item i, parsed; undefined when unreadable or not the item its key names (a file torn or edited
   * by hand). `key` is the key it must have when this reader holds none (the pins keep their names).
   */
  item(i: number, fd?: number, key = this.keys[i]): Record<string, unknown> | undefined {
    const text = this.text(i, fd);
    if (text === undefined) return undefined;
    try {
      const value = parseMeasured(text, 'a kept definition');
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      return this.keyOf(value as Record<string, unknown>) === key ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Reads many items through one open file. */
  each<T>(
    read: (
      item: (i: number, key?: string) => Record<string, unknown> | undefined,
      text: (i: number) => string | undefined,
    ) => T,
  ): T {
    let fd: number | undefined;
    try {
      fd = this.descriptor();
    } catch {
      /* each read answers undefined */
    }
    return read(
      (i, key) => (fd === undefined ? undefined : this.item(i, fd, key)),
      (i) => (fd === undefined ? undefined : this.text(i, fd)),
    );
  }
}

/** What a kept file holds: the index and its definitions, or (a file written before 2026-11-27) the whole of it. */
export type KeptRead =
  { index: KeptIndex & Record<string, unknown>; defs: KeptDefs } | { legacy: Record<string, unknown> };

const DEFS_NAME = /^[\w.-]+\.[0-9a-f]{8}\.defs$/;

function isIndex(data: Record<string, unknown>): data is KeptIndex & Record<string, unknown> {
  const { keys, fingerprints, spans, defs } = data;
  return (
    data.kept === 2 &&
    Array.isArray(keys) &&
    Array.isArray(fingerprints) &&
    Array.isArray(spans) &&
    fingerprints.length === keys.length &&
    spans.length === 2 * keys.length &&
    keys.every((k) => typeof k === 'string') &&
    fingerprints.every((f) => typeof f === 'string') &&
    spans.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) &&
    // SECURITY: a file name beside the index, never a path elsewhere.
    typeof defs === 'string' &&
    DEFS_NAME.test(defs)
  );
}

/** The largest kept index read: a one-byte string V8 can still hold. */
const KEPT_MAX = 512 * 1024 * 1024;

/**
 * Reads a kept file. Null when there is none; throws when it cannot be read or is not a kept
 * file's shape (the caller decides what an unreadable file means).
 */
export function readKept(
  indexPath: string,
  keyOf: (item: Record<string, unknown>) => string,
  what: string,
): KeptRead | null {
  let bytes: Buffer;
  try {
    bytes = readPlacedBytes(indexPath, what, KEPT_MAX);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  // Written as ASCII: read as Latin-1, a large text is a string outside the heap, let go of with its
  // bytes (as UTF-8 it was one more large object in the heap, waiting for a full collection). One
  // edited by hand with UTF-8 in it is read as such.
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  // SECURITY: an index is read as a fixed shape (flat arrays of strings and numbers, each checked, and
  // nothing in it walked deeper), so its parse is not measured value by value: that walk was a fifth of
  // reading 100,000 pins. A file of before, which holds whole definitions, is.
  const data: unknown = text.startsWith('{"kept":') ? JSON.parse(text) : parseMeasured(text, what);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${what} is not a JSON object`);
  const obj = data as Record<string, unknown>;
  if (obj.kept === undefined) return { legacy: obj };
  // The fingerprints are one string (a fingerprint is hex, with no space in it).
  if (typeof obj.fingerprints === 'string')
    obj.fingerprints = obj.fingerprints === '' ? [] : obj.fingerprints.split(' ');
  if (!isIndex(obj)) throw new Error(`${what} is not a kept list's index`);
  return {
    index: obj,
    defs: new KeptDefs(join(dirname(indexPath), obj.defs), obj.keys, obj.fingerprints, obj.spans, keyOf),
  };
}
