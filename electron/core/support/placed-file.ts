import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { count } from '../../../shared/plain-format.js';

/**
 * Reading a file someone else may have placed (a config, a policy, settings, agents, collections,
 * snapshots, pins, baselines, anchors, keys) without letting it hold the loop: it is opened without
 * blocking (a FIFO opens at once instead of waiting for a writer), checked to be a regular file
 * (not a FIFO, a device, a socket or a directory) on the descriptor it was opened as, and read only
 * up to its limit (a 2 GB sparse file is refused by its size, not read). A symlink loop fails in
 * the open. Each refusal says what the file is and why, in words a person can act on.
 */

/** The largest file of each kind the console reads, unless a caller says otherwise. */
export const PLACED_FILE_MAX = 16 * 1024 * 1024;
/**
 * The largest audit log read whole (verify, anchor check): past it, a clear refusal rather than a string V8 cannot
 * hold.
 */
export const AUDIT_LOG_MAX = 256 * 1024 * 1024;

export class PlacedFileError extends Error {
  constructor(
    message: string,
    readonly code: 'ENOENT' | 'not-regular' | 'too-large' | 'unreadable',
  ) {
    super(message);
    this.name = 'PlacedFileError';
  }
}

function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/** The bytes of a regular file of at most `max` bytes, or a PlacedFileError saying why not. */
export function readPlacedBytes(path: string, what: string, max = PLACED_FILE_MAX): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new PlacedFileError(`${what} (${path}) does not exist`, 'ENOENT');
    const why =
      code === 'ELOOP'
        ? 'its symbolic links form a loop'
        : code === 'EACCES'
          ? 'permission denied'
          : (code ?? (e as Error).message);
    throw new PlacedFileError(`${what} (${path}) could not be opened: ${why}`, 'unreadable');
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile())
      throw new PlacedFileError(`${what} (${path}) is ${kindOf(s)}; only a regular file is read`, 'not-regular');
    if (s.size > max)
      throw new PlacedFileError(`${what} (${path}) is ${count(s.size)} bytes; the limit is ${count(max)}`, 'too-large');
    const buf = Buffer.alloc(s.size);
    let at = 0;
    // The size was checked on this descriptor; a file that grows while read is read to that size.
    while (at < buf.length) {
      const n = readSync(fd, buf, at, buf.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === buf.length ? buf : buf.subarray(0, at);
  } catch (e) {
    if (e instanceof PlacedFileError) throw e;
    throw new PlacedFileError(
      `${what} (${path}) could not be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      'unreadable',
    );
  } finally {
    closeSync(fd);
  }
}

/** The text (UTF-8) of a regular file of at most `max` bytes. */
export const readPlacedText = (path: string, what: string, max = PLACED_FILE_MAX): string =>
  readPlacedBytes(path, what, max).toString('utf8');

/** Whether an error is "the file is not there": the callers that treat absence as "none yet" ask this. */
export const isMissing = (e: unknown): boolean =>
  (e instanceof PlacedFileError && e.code === 'ENOENT') || (e as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
