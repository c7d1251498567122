import { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';

/** The data directory: --data-dir, else MCP_CONSOLE_DATA_DIR, else the platform's app-data folder. */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env.MCP_CONSOLE_DATA_DIR) return resolve(env.MCP_CONSOLE_DATA_DIR);
  const home = homedir();
  if (process.platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'MCP Console');
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'MCP Console');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'mcp-console');
}

/** Writes a file so that readers see either the old or the new content, never half of it. */
export function writeFileAtomic(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w', 0o600);
    // write(2) may write less than asked (a nearly full disk): loop until every byte is written.
    const buf = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    for (let off = 0; off < buf.length;) {
      const n = writeSync(fd, buf, off, buf.length - off);
      if (!(n > 0))
        throw Object.assign(new Error(`wrote ${off} of ${buf.length} bytes of ${path}`), { code: 'ENOSPC' });
      off += n;
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
}

const PAST_ASCII = /[\u0080-\uffff]/;
const PAST_ASCII_ALL = /[\u0080-\uffff]/g;

/**
 * JSON text with every character past ASCII written as its \u escape: the same value, read back
 * as a one-byte string. One character past Latin-1 anywhere in a file makes the whole text a
 * two-byte string once read (a 31 MB file of 100,000 pins, 15 emoji in it: 60 MB), and slower to
 * read and parse. For the large lists the console keeps, which people do not edit by hand.
 */
export function asciiJson(json: string): string {
  return PAST_ASCII.test(json)
    ? json.replace(PAST_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : json;
}

/** Work between two pauses of a stepped write, in milliseconds, and the most bytes written at once. */
const WRITE_SLICE_MS = 8;
const STEP_BYTES = 256 * 1024;

/**
 * One buffer kept between stepped writes (a write that finds it taken makes its own): each made anew was garbage
 * waiting for a full collection.
 */
let spareBuffer: Buffer | undefined;

/**
 * Writes a large file of JSON text, given as pieces, a few milliseconds of work at a time, as ASCII
 * (asciiJson). No piece should be large: each is held only until it is copied into the buffer.
 * Atomic like writeFileAtomic; dropped (the old file kept) when `wanted()` turns false meanwhile,
 * because a newer write overtook it. Resolves true when the file was replaced.
 */
export async function writeTextInSteps(
  path: string,
  pieces: Iterable<string>,
  wanted: () => boolean,
): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const out = await open(tmp, 'w', 0o600);
  let done = false;
  // Each piece goes straight into one buffer, written out a step at a time: a step's text built as
  // a string and held across its write would outlive a young collection and wait, with every other
  // step's, in the old generation until a full one (a 100,000-tool catalog is 27 MB of them).
  let buf = spareBuffer ?? Buffer.allocUnsafe(STEP_BYTES + 64 * 1024);
  spareBuffer = undefined;
  let used = 0;
  const append = (text: string): void => {
    const ascii = asciiJson(text);
    if (used + ascii.length > buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, used + ascii.length));
      buf.copy(bigger, 0, 0, used);
      buf = bigger;
    }
    used += buf.write(ascii, used, 'latin1');
  };

  const writeOut = async (): Promise<void> => {
    for (let off = 0; off < used;) {
      const { bytesWritten } = await out.write(buf, off, used - off);
      if (!(bytesWritten > 0))
        throw Object.assign(new Error(`wrote ${off} of ${used} bytes of ${path}`), { code: 'ENOSPC' });
      off += bytesWritten;
    }
    used = 0;
  };
  try {
    let slice = performance.now();
    for (const text of pieces) {
      if (!wanted()) return false;
      append(text);
      if (performance.now() - slice > WRITE_SLICE_MS || used > STEP_BYTES) {
        await writeOut();
        await new Promise((r) => setImmediate(r));
        slice = performance.now();
      }
    }
    await writeOut();
    await out.sync();
    done = true;
  } finally {
    // Kept for the next write unless one large piece grew it.
    if (buf.length <= 2 * STEP_BYTES) spareBuffer = buf;
    await out.close();
    if (done && wanted()) await rename(tmp, path);
    else await rm(tmp, { force: true });
  }
  return done && wanted();
}
