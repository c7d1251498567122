import { fdatasync, fdatasyncSync, writeSync } from 'node:fs';

/** The file calls the log makes, injectable so that a short write or a failing sync can be tested. */
export interface AuditIo {
  writeSync(fd: number, buf: Buffer, offset: number, length: number): number;
  fdatasyncSync(fd: number): void;
  /** The same off the main thread; without it, `fdatasyncSync` runs on the next turn of the loop. */
  fdatasync?(fd: number, done: (err: Error | null) => void): void;
  /**
   * The clock a sync is timed by (milliseconds; `performance.now` unless given): a test drives it instead of a
   * machine's load.
   */
  now?(): number;
}

export const nodeIo: AuditIo = {
  writeSync: (fd, buf, off, len) => writeSync(fd, buf, off, len),
  fdatasyncSync,
  fdatasync,
};

/**
 * Writes every byte or throws: `write(2)` may write less than asked (a nearly full disk), and a
 * half-written approval must never count as written.
 */
export function writeAll(io: Pick<AuditIo, 'writeSync'>, fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) {
    const n = io.writeSync(fd, buf, off, buf.length - off);
    if (!(n > 0))
      throw Object.assign(new Error(`wrote ${off} of ${buf.length} bytes, then nothing more (disk full?)`), {
        code: 'ENOSPC',
      });
    off += n;
  }
}
