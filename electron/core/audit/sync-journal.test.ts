import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../e2e/harness/harness.js';
import { AuditLog, type AuditIo } from './audit-log.js';
import { journalRecord } from './sync-journal.js';
import { readJournal } from './journal-restore.js';

/**
 * The sync journal: durable entries are synced in a file written over from its start (cheaper than
 * syncing an append), and after a crash of the machine what only the journal kept goes back into the log.
 */
describe('AuditLog sync journal', () => {
  let dir: string;
  let path: string;
  /** The file each sync was made on: 'journal', 'log' or another. */
  let synced: string[];
  const which = (fd: number) => {
    const ino = fstatSync(fd).ino;
    return ino === statSync(`${path}.journal`, { throwIfNoEntry: false })?.ino
      ? 'journal'
      : ino === statSync(path).ino
        ? 'log'
        : 'other';
  };
  const io: AuditIo = {
    writeSync: (fd, buf, off, len) => writeSync(fd, buf, off, len),
    fdatasyncSync: (fd) => {
      synced.push(which(fd));
      fdatasyncSync(fd);
    },
    fdatasync: (fd, done) => {
      synced.push(which(fd));
      fdatasync(fd, done);
    },
  };
  const opened = async (journalBytes?: number) => {
    const log = new AuditLog(path, { fsync: true, io, journalBytes });
    log.open();
    await log.idle();
    return log;
  };
  const approve = (log: AuditLog, i: number) =>
    log.appendDurable({ kind: 'approved', serverId: 's', tool: 't', callId: `c${i}`, args: { i } }).durable;
  const logLines = () => readFileSync(path, 'utf8').trimEnd().split('\n');

  beforeEach(() => {
    dir = tempDir();
    path = join(dir, 'audit.jsonl');
    synced = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('syncs the journal, not the log, once it is made, and its records hold every line the log got since, in order', async () => {
    const log = await opened();
    // the first sync is the log's: what the log held before is on disk before the journal is written over
    await approve(log, 0);
    log.append({ kind: 'completed', callId: 'c0' });
    await approve(log, 1);
    log.append({ kind: 'completed', callId: 'c1' });
    await approve(log, 2);
    expect(synced).toEqual(['log', 'journal', 'journal']);
    const jfd = openSync(`${path}.journal`, 'r');
    const records = readJournal(jfd);
    closeSync(jfd);
    expect(statSync(`${path}.journal`).size).toBe(2 * 1024 * 1024);
    expect(statSync(`${path}.journal`).mode & 0o777).toBe(0o600); // it holds what the log holds: the arguments of calls
    expect(records).toHaveLength(2);
    const text = readFileSync(path);
    const first = records[0]!.at;
    expect(Buffer.concat(records.map((r) => r.bytes)).equals(text.subarray(first))).toBe(true);
    expect(
      text
        .subarray(first)
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).kind),
    ).toEqual(['completed', 'approved', 'completed', 'approved']);
    log.close();
  });

  it('puts back, after a crash of the machine, the entries only the journal kept, and the log verifies whole', async () => {
    const log = await opened();
    for (let i = 0; i < 6; i++) {
      await approve(log, i);
      log.append({ kind: 'completed', callId: `c${i}` });
    }
    await approve(log, 6);
    log.close();
    const before = readFileSync(path);
    const lines = logLines();
    // The machine stopped: the log lost its last four entries and half of the one before.
    const keep = lines.slice(0, -5).join('\n').length + 1 + Math.floor(lines.at(-5)!.length / 2);
    truncateSync(path, keep);
    // Verified before the console opens it again (the CLI): whole with what the journal holds, which it names.
    const note = /5 entries after the log's end are in the sync journal/;
    expect(new AuditLog(path).verify()).toMatchObject({
      ok: true,
      entries: lines.length,
      warning: expect.stringMatching(note),
    });
    // The journal does not make up for entries it does not have: a checkpoint past its end is still a cut-off end.
    const checkpoint = readFileSync(`${path}.checkpoint`);
    writeFileSync(`${path}.checkpoint`, JSON.stringify({ seq: 99, hash: 'h' }) + '\n');
    expect(new AuditLog(path).verify()).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /before its checkpoint at seq 99.*; 5 entries after the log's end are in the sync journal/,
      ),
    });
    writeFileSync(`${path}.checkpoint`, checkpoint);
    const again = await opened();
    expect(again.warning).toBeNull();
    const after = readFileSync(path);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    const recovered = JSON.parse(logLines().at(-1)!);
    expect(recovered).toMatchObject({ kind: 'log-recovered', detail: { entries: 5, bytes: before.length - keep } });
    expect(readdirSync(dir).filter((f) => f.endsWith('.torn'))).toEqual([]); // restored, not set aside
    expect(again.verify()).toMatchObject({ ok: true, entries: lines.length + 1 });
    again.close();
  });

  it('keeps the journal, unused, when what it holds cannot be written back (a full disk), and puts it back at the next start', async () => {
    const log = await opened();
    for (let i = 0; i < 3; i++) await approve(log, i);
    log.close();
    const whole = readFileSync(path);
    const lines = logLines();
    // the machine stopped: the last approval only in the journal
    truncateSync(path, whole.length - lines.at(-1)!.length - 1);
    let full = true;
    const fullDisk: AuditIo = { ...io, writeSync: (fd, buf, off, len) => (full ? 0 : writeSync(fd, buf, off, len)) };
    const stuck = new AuditLog(path, { fsync: true, io: fullDisk });
    stuck.open();
    expect(stuck.warning).toMatch(
      /sync journal was not used: it could not be written back into the log \(.*disk full.*\); it is kept for the next start/,
    );
    expect(() => stuck.appendDurable({ kind: 'approved', callId: 'x' })).toThrow(/disk full/); // nothing is sent meanwhile
    stuck.close();
    full = false;
    const again = await opened();
    expect(again.warning).toBeNull();
    expect(readFileSync(path).subarray(0, whole.length).equals(whole)).toBe(true);
    expect(JSON.parse(logLines().at(-1)!)).toMatchObject({ kind: 'log-recovered', detail: { entries: 1 } });
    expect(again.verify()).toMatchObject({ ok: true });
    again.close();
  });

  it('restores nothing from a journal that is not this log’s, and says why', async () => {
    const log = await opened();
    for (let i = 0; i < 2; i++) await approve(log, i);
    // longer than what a reopen adds
    await log.appendDurable({ kind: 'approved', callId: 'c2', args: { pad: 'z'.repeat(2000) } }).durable;
    log.close();
    const lines = logLines();
    // A log whose last bytes differ from the journal's copy of them (its last line, torn and changed).
    writeFileSync(
      path,
      lines.slice(0, -1).join('\n') + '\n' + lines.at(-1)!.replace('"approved"', '"approvex"').slice(0, 30),
    );
    const again = await opened();
    expect(again.warning).toMatch(/sync journal was not used: the journal does not agree with the log's last bytes/);
    expect(logLines().some((l) => l.includes('"c2"'))).toBe(false);
    again.close();
    // the journal it did not use is cleared: said once
    expect(await opened().then((l) => (l.close(), l.warning))).toBeNull();
    // A log that ends before the journal starts (another, shorter log put in its place).
    const log2 = await opened();
    for (let i = 0; i < 3; i++) await approve(log2, i);
    log2.close();
    writeFileSync(path, '{"kind":"connect"}\n');
    const third = await opened();
    expect(third.warning).toMatch(/journal starts \d+ bytes past the log's end/);
    expect(logLines()).toEqual(['{"kind":"connect"}']);
    third.close();
  });

  it('reads records of the first generation only, and only while each follows the one before in the log', () => {
    const at = (...records: Buffer[]) => {
      writeFileSync(`${path}.journal`, Buffer.concat([...records, Buffer.alloc(64)]));
      const fd = openSync(`${path}.journal`, 'r');
      try {
        return readJournal(fd).map((r) => [r.at, r.bytes.toString()]);
      } finally {
        closeSync(fd);
      }
    };
    const [a, b, c] = ['a\n', 'bb\n', 'c\n'].map((t) => Buffer.from(t));
    expect(at(journalRecord(7, 100, [a!]), journalRecord(7, 102, [b!]), journalRecord(7, 105, [c!]))).toEqual([
      [100, 'a\n'],
      [102, 'bb\n'],
      [105, 'c\n'],
    ]);
    // an older generation's record after the newest's
    expect(at(journalRecord(7, 100, [a!]), journalRecord(8, 102, [b!]))).toEqual([[100, 'a\n']]);
    expect(at(journalRecord(7, 100, [a!]), journalRecord(7, 103, [b!]))).toEqual([[100, 'a\n']]); // a gap in the log
  });

  it('reads only whole records of one generation, each following the one before', async () => {
    const log = await opened();
    for (let i = 0; i < 5; i++) await approve(log, i); // a log sync, then four records
    log.close();
    const jpath = `${path}.journal`;
    const read = () => {
      const fd = openSync(jpath, 'r');
      try {
        return readJournal(fd);
      } finally {
        closeSync(fd);
      }
    };
    const records = read();
    expect(records).toHaveLength(4);
    for (let i = 1; i < records.length; i++)
      expect(records[i]!.at).toBe(records[i - 1]!.at + records[i - 1]!.bytes.length);
    // Flip one byte in the third record's payload: the CRC stops the reading there.
    const j = readFileSync(jpath);
    const third = 24 * 3 + records[0]!.bytes.length + records[1]!.bytes.length + 10;
    j[third] = j[third]! ^ 0xff;
    writeFileSync(jpath, j);
    expect(read()).toHaveLength(2);
  });

  it('syncs the log and starts again at the journal’s start when the journal is full, and restores from the new generation', async () => {
    const log = await opened(16 * 1024);
    const big = 'x'.repeat(1500);
    for (let i = 0; i < 24; i++) await log.appendDurable({ kind: 'approved', callId: `c${i}`, args: { big } }).durable;
    // 24 records of about 1.7 KB do not fit in 16 KB: the log was synced when the next did not fit, then the journal
    // again.
    expect(synced[0]).toBe('log');
    const logSyncs = synced.map((s, i) => (s === 'log' ? i : -1)).filter((i) => i > 0);
    expect(logSyncs.length).toBeGreaterThanOrEqual(2);
    expect(synced.filter((s) => s === 'journal').length).toBeGreaterThan(18);
    log.close();
    const fd = openSync(`${path}.journal`, 'r');
    const records = readJournal(fd);
    closeSync(fd);
    const size = statSync(path).size;
    expect(records.length).toBeGreaterThan(0);
    expect(records.at(-1)!.at + records.at(-1)!.bytes.length).toBe(size); // the newest generation reaches the log's end
    const lines = logLines();
    truncateSync(path, size - lines.at(-1)!.length - 1 - lines.at(-2)!.length - 1);
    const again = await opened(16 * 1024);
    expect(JSON.parse(logLines().at(-1)!)).toMatchObject({ kind: 'log-recovered', detail: { entries: 2 } });
    expect(again.verify()).toMatchObject({ ok: true, entries: lines.length + 1 });
    again.close();
  });

  it('syncs the log itself when more waits than a record may hold', async () => {
    const log = await opened(16 * 1024);
    await approve(log, 0);
    for (let i = 0; i < 12; i++) log.append({ kind: 'completed', callId: `c${i}`, detail: { pad: 'y'.repeat(400) } });
    await new Promise((r) => setImmediate(r)); // written (4 KB: more than a record of a 16 KB journal holds)
    await approve(log, 1);
    await approve(log, 2);
    expect(synced).toEqual(['log', 'log', 'journal']);
    log.close();
  });

  it('makes no journal without fsync', () => {
    const log = new AuditLog(path, { fsync: false });
    log.open();
    log.appendDurable({ kind: 'approved' });
    log.close();
    expect(existsSync(`${path}.journal`)).toBe(false);
  });
});
