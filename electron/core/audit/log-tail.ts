import { fstatSync, ftruncateSync, readSync, writeFileSync } from 'node:fs';

/** Reading the end of the audit log when it is opened: the last entry, and a torn line to set aside. */

/** A last line without its newline is an interrupted write: kept in a `.torn` file, then cut off. */
export function setAsideTornTail(fd: number, path: string): { file: string; bytes: number } | null {
  const size = fstatSync(fd).size;
  if (size === 0) return null;
  const one = Buffer.alloc(1);
  readSync(fd, one, 0, 1, size - 1);
  if (one[0] === 0x0a) return null;
  // Find the last newline, reading backwards in chunks.
  let end = size;
  let lastNl = -1;
  while (end > 0 && lastNl < 0) {
    const start = Math.max(0, end - 64 * 1024);
    const buf = Buffer.alloc(end - start);
    readSync(fd, buf, 0, buf.length, start);
    const i = buf.lastIndexOf(0x0a);
    if (i >= 0) lastNl = start + i;
    end = start;
  }
  const keep = lastNl + 1;
  const torn = Buffer.alloc(size - keep);
  readSync(fd, torn, 0, torn.length, keep);
  const file = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.torn`;
  writeFileSync(file, torn, { mode: 0o600 });
  ftruncateSync(fd, keep);
  return { file, bytes: torn.length };
}

export function lastLine(fd: number): string | null {
  const size = fstatSync(fd).size;
  if (size === 0) return null;
  let chunk = 64 * 1024;
  for (;;) {
    const start = Math.max(0, size - chunk);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const text = buf.toString('utf8').replace(/\n+$/, '');
    const nl = text.lastIndexOf('\n');
    if (nl >= 0 || start === 0) return text.slice(nl + 1) || null;
    chunk *= 4;
  }
}
