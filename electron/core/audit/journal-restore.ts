import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { HEADER, MAGIC } from './sync-journal.js';
import { nodeIo, writeAll, type AuditIo } from './audit-io.js';

/** Reading the sync journal back (see sync-journal.ts): after a crash of the machine, and for verify. */

/** A record read back: where its bytes belong in the log, and the bytes. */
interface Found {
  at: number;
  bytes: Buffer;
}

/**
 * The records of the journal's newest generation, in order: read from its start while they are whole and follow each
 * other.
 */
export function readJournal(fd: number): Found[] {
  const size = Math.min(fstatSync(fd).size, 64 * 1024 * 1024);
  const file = Buffer.alloc(size);
  let got = 0;
  while (got < size) {
    const n = readSync(fd, file, got, size - got, got);
    if (n <= 0) break;
    got += n;
  }
  const out: Found[] = [];
  let pos = 0;
  let gen: number | null = null;
  while (pos + HEADER <= got && file.readUInt32LE(pos) === MAGIC) {
    const g = file.readUInt32LE(pos + 4);
    const at = file.readUInt32LE(pos + 8) + file.readUInt32LE(pos + 12) * 0x100000000;
    const len = file.readUInt32LE(pos + 16);
    if ((gen !== null && g !== gen) || pos + HEADER + len > got) break;
    const bytes = file.subarray(pos + HEADER, pos + HEADER + len);
    if (crc32(bytes, crc32(file.subarray(pos, pos + 20))) !== file.readUInt32LE(pos + 20)) break;
    const prev = out.at(-1);
    if (prev && at !== prev.at + prev.bytes.length) break;
    gen = g;
    out.push({ at, bytes });
    pos += HEADER + len;
  }
  return out;
}

/**
 * What the journal synced beyond the log's end (descriptor `logFd`): the bytes that continue the log
 * exactly, or why there are none to use. Only bytes that continue the log are taken: the journal's
 * copy must start at or before the log's end and agree with the bytes the log has there.
 */
export function journalTail(
  journalPath: string,
  logFd: number,
): { tail: Buffer; lines: number } | { skipped: string } | null {
  let jfd: number;
  try {
    jfd = openSync(journalPath, 'r');
  } catch {
    return null; // no journal: nothing was ever synced through it
  }
  try {
    const records = readJournal(jfd);
    const size = fstatSync(logFd).size;
    const i = records.findIndex((r) => r.at + r.bytes.length > size);
    if (i < 0) return null;
    const first = records[i]!;
    if (first.at > size)
      return { skipped: `the journal starts ${first.at - size} bytes past the log's end (it is not this log's)` };
    const overlap = Buffer.alloc(size - first.at);
    readSync(logFd, overlap, 0, overlap.length, first.at);
    if (!overlap.equals(first.bytes.subarray(0, overlap.length)))
      return { skipped: "the journal does not agree with the log's last bytes (it is not this log's)" };
    const tail = Buffer.concat([first.bytes.subarray(overlap.length), ...records.slice(i + 1).map((r) => r.bytes)]);
    let lines = 0;
    for (const b of tail) if (b === 0x0a) lines++;
    return { tail, lines };
  } finally {
    closeSync(jfd);
  }
}

/**
 * What the sync journal holds beyond the end of the log at `logPath`, if anything (read only: verify, with no console
 * running).
 */
export function journalWaiting(journalPath: string, logPath: string): { tail: Buffer; lines: number } | null {
  const fd = openSync(logPath, 'r');
  try {
    const found = journalTail(journalPath, fd);
    return found && 'lines' in found && found.lines > 0 ? found : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * After a crash of the machine: writes back to the log (descriptor `logFd`, opened for appending)
 * what the journal synced beyond the log's end (see journalTail), and syncs the log. Returns how
 * many bytes and lines were restored, or why nothing was; a journal not used is cleared (its first
 * header zeroed), so that it is reported once, not at every open.
 */
export function restoreFromJournal(
  journalPath: string,
  logFd: number,
  io: Pick<AuditIo, 'writeSync'> = nodeIo, // the log is opened for appending: written at its end
): { bytes: number; lines: number } | { skipped: string } | null {
  const found = journalTail(journalPath, logFd);
  if (!found) return null;
  if ('skipped' in found) {
    forget(journalPath);
    return found;
  }
  const { tail, lines } = found;
  writeAll(io, logFd, tail);
  fsyncSync(logFd);
  return { bytes: tail.length, lines };
}

function forget(journalPath: string): void {
  try {
    const fd = openSync(journalPath, 'r+');
    try {
      writeSync(fd, Buffer.alloc(HEADER), 0, HEADER, 0);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* the warning says so again at the next open */
  }
}
