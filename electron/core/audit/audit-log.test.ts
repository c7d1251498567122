import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../e2e/harness/harness.js';
import { createHash } from 'node:crypto';
import { AuditLog, entryHash, GENESIS, type AuditIo } from './audit-log.js';
import { processStart } from '../support/index.js';

describe('AuditLog', () => {
  let dir: string;
  let path: string;
  let log: AuditLog;
  beforeEach(() => {
    dir = tempDir();
    path = join(dir, 'audit.jsonl');
    log = new AuditLog(path, { fsync: true });
    log.open();
    for (let i = 0; i < 5; i++)
      log.append({ kind: 'call-requested', serverId: 's', tool: `t${i}`, callId: `c${i}`, argsHash: 'h', args: { i } });
    log.close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const lines = () => readFileSync(path, 'utf8').trimEnd().split('\n');

  it('chains entries by hash with sequence numbers from 1', () => {
    const entries = lines().map((l) => JSON.parse(l));
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(entries[0].prevHash).toBe(GENESIS);
    expect(entries[3].prevHash).toBe(entries[2].hash);
    expect(log.verify()).toEqual({ ok: true, entries: 5 });
    expect(JSON.parse(readFileSync(`${path}.checkpoint`, 'utf8'))).toEqual({ seq: 5, hash: entries[4].hash });
  });

  it('finds a flipped byte at that entry', () => {
    const l = lines();
    l[2] = l[2]!.replace('"t2"', '"t9"');
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 3, firstBadSeq: 3 });
  });

  it('seals each line as written: its hash is the sha-256 of the text before it, so even a reformatted entry is found', () => {
    const l = lines();
    const e = JSON.parse(l[1]!) as Record<string, unknown>;
    expect(l[1]).toBe(`${l[1]!.slice(0, l[1]!.indexOf(',"hash":'))},"hash":"${String(e.hash)}"}`);
    expect(
      createHash('sha256')
        .update(`${l[1]!.slice(0, l[1]!.indexOf(',"hash":'))}}`)
        .digest('hex'),
    ).toBe(e.hash);
    // The same fields in another order (or other spacing) are not the line that was sealed.
    const { hash, ...fields } = e;
    l[1] = JSON.stringify({ ...Object.fromEntries(Object.entries(fields).reverse()), hash });
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 2, firstBadSeq: 2 });
  });

  it('still verifies a log written before lines were sealed as written (hashed by canonical JSON), and goes on from it', () => {
    let prev = GENESIS;
    const old = [1, 2, 3].map((seq) => {
      const body = {
        kind: 'call-requested',
        serverId: 's',
        tool: `t${seq}`,
        args: { b: 1, a: 2 },
        seq,
        time: new Date().toISOString(),
        prevHash: prev,
      };
      prev = entryHash(body);
      return JSON.stringify({ ...body, hash: prev });
    });
    writeFileSync(path, old.join('\n') + '\n');
    rmSync(`${path}.checkpoint`);
    const again = new AuditLog(path, { fsync: true });
    again.open();
    again.append({ kind: 'call-requested', serverId: 's', tool: 't4', callId: 'c4', argsHash: 'h' });
    again.close();
    expect(again.verify()).toEqual({ ok: true, entries: 4 });
    // ...and a change to an old entry is still found.
    writeFileSync(path, readFileSync(path, 'utf8').replace('"t2"', '"t7"'));
    expect(again.verify()).toMatchObject({ ok: false, firstBadLine: 2 });
  });

  it('finds a deleted entry where the chain breaks', () => {
    const l = lines();
    l.splice(1, 1);
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 2, firstBadSeq: 3 });
  });

  it('finds reordered entries', () => {
    const l = lines();
    [l[3], l[4]] = [l[4]!, l[3]!];
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 4 });
  });

  it('finds a truncated last line, and calls it a torn write', () => {
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, -20));
    expect(log.verify()).toMatchObject({
      ok: false,
      firstBadLine: 5,
      firstBadSeq: 5,
      reason: expect.stringMatching(/^not valid JSON: a torn last line/),
    });
  });

  it('sets a torn last line aside on open, records the recovery in the chain, and verify tells it apart from tampering', () => {
    const whole = readFileSync(path, 'utf8');
    const torn = whole.slice(0, -20);
    writeFileSync(path, torn);
    const again = new AuditLog(path);
    again.open();
    expect(again.warning).toMatch(/torn line/);
    const next = again.append({ kind: 'connect', serverId: 's' });
    again.close();
    const entries = lines().map((l) => JSON.parse(l));
    // The chain goes on from the last whole entry (seq 4): the recovery is seq 5, then the four calls
    // the interrupted writer left without an outcome are closed (see unfinished-calls.ts), then the new entry.
    const open = ['call-requested', 'call-requested', 'call-requested', 'call-requested'];
    expect(entries.map((e) => e.kind)).toEqual([
      ...open,
      'log-recovered',
      'abandoned',
      'abandoned',
      'abandoned',
      'abandoned',
      'connect',
    ]);
    expect(entries[4]).toMatchObject({ seq: 5, prevHash: entries[3].hash });
    expect(next.seq).toBe(10);
    const file = entries[4].detail.file as string;
    expect(readFileSync(file, 'utf8')).toBe(torn.slice(torn.lastIndexOf('\n') + 1));
    const v = again.verify();
    expect(v).toMatchObject({ ok: true, entries: 10, recovered: [{ seq: 5, file }] });
    // A changed entry is still tampering, whatever was recovered before it.
    const l = lines();
    l[1] = l[1]!.replace('"t1"', '"tX"');
    writeFileSync(path, l.join('\n') + '\n');
    expect(again.verify()).toMatchObject({ ok: false, firstBadSeq: 2, reason: expect.stringMatching(/was changed/) });
  });

  it('finds entries removed from the end of the log through its checkpoint', () => {
    const l = lines();
    writeFileSync(path, l.slice(0, 3).join('\n') + '\n');
    expect(log.verify()).toMatchObject({
      ok: false,
      firstBadSeq: 4,
      reason: 'the log ends at seq 3, before its checkpoint at seq 5: entries were removed from its end',
    });
    // Replacing the newest entry by a forged one with the same seq is found too (without the key to rewrite both
    // files).
    rmSync(`${path}.checkpoint`);
    expect(log.verify()).toMatchObject({ ok: true, warning: expect.stringMatching(/no checkpoint/) });
  });

  it('says so when there is no log at all', () => {
    expect(new AuditLog(join(dir, 'nothing', 'audit.jsonl')).verify()).toMatchObject({
      ok: false,
      entries: 0,
      reason: expect.stringMatching(/^there is no audit log at/),
    });
  });

  it('never counts a short write as written: it loops, and a write that stops leaves no partial line and refuses more', () => {
    const chunks: number[] = [];
    let budget = Infinity;
    const io: AuditIo = {
      writeSync: (fd, buf, off, len) => {
        const n = Math.min(len, 7, budget);
        budget -= n;
        chunks.push(n);
        return n === 0 ? 0 : writeSync(fd, buf, off, n);
      },
      fdatasyncSync: () => {},
    };
    const again = new AuditLog(path, { fsync: true, io });
    again.open();
    again.append({ kind: 'approved', callId: 'x' }, true);
    expect(chunks.length).toBeGreaterThan(10);
    expect(again.verify().ok).toBe(true);
    const size = readFileSync(path).length;
    budget = 30;
    expect(() => again.append({ kind: 'approved', callId: 'y' }, true)).toThrow(/disk full/);
    expect(readFileSync(path).length).toBe(size);
    expect(() => again.append({ kind: 'completed', callId: 'y' })).toThrow(/could not be written/);
    again.close();
    expect(new AuditLog(path).verify().ok).toBe(true);
  });

  it('never lets the checkpoint name an entry that was not written', async () => {
    let fail = false;
    const again = new AuditLog(path, {
      fsync: true,
      io: { writeSync: (fd, b, o, l) => (fail ? 0 : writeSync(fd, b, o, l)), fdatasyncSync: () => {} },
    });
    again.open();
    again.append({ kind: 'connect' }, true);
    fail = true;
    expect(() => again.append({ kind: 'approved' }, true)).toThrow(/disk full/);
    await new Promise((r) => setTimeout(r, 250));
    expect(JSON.parse(readFileSync(`${path}.checkpoint`, 'utf8')).seq).toBe(6);
    again.close();
    expect(again.verify()).toMatchObject({ ok: true, entries: 6 });
  });

  it('throws when the flush to disk fails', () => {
    const again = new AuditLog(path, {
      fsync: true,
      io: {
        writeSync: (fd, b, o, l) => writeSync(fd, b, o, l),
        fdatasyncSync: () => {
          throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
        },
      },
    });
    again.open();
    expect(() => again.append({ kind: 'approved' }, true)).toThrow(/EIO/);
    again.close();
  });

  it('continues the chain after a reopen', () => {
    const again = new AuditLog(path);
    again.open();
    const e = again.append({ kind: 'connect', serverId: 's' });
    again.close();
    expect(e.seq).toBe(6);
    expect(again.verify().ok).toBe(true);
  });

  it('answers queries by server, tool, kind and time', () => {
    const again = new AuditLog(path);
    again.open();
    again.append({ kind: 'connect', serverId: 'other' });
    expect(again.query({ serverId: 'other', limit: 10 })).toHaveLength(1);
    expect(again.query({ tool: 't1', limit: 10 }).map((e) => e.callId)).toEqual(['c1']);
    expect(again.query({ kind: 'call-requested', limit: 2 }).map((e) => e.seq)).toEqual([4, 5]);
    expect(again.query({ since: '2999-01-01', limit: 10 })).toEqual([]);
    again.close();
  });

  it('throws when the entry cannot be written', () => {
    if (process.getuid?.() === 0) {
      // root ignores file modes; close the descriptor instead to make the write fail.
      const again = new AuditLog(path);
      again.open();
      again.close();
      expect(() => again.append({ kind: 'connect' })).toThrow(/not open/);
      return;
    }
    chmodSync(path, 0o400);
    const ro = new AuditLog(path);
    expect(() => ro.open()).toThrow();
  });
  it('has one writer: a log another live process holds records nothing here and refuses what must be on disk; a lock left by a dead process is taken over', () => {
    const before = readFileSync(path, 'utf8');
    writeFileSync(`${path}.lock`, String(process.ppid)); // the parent runs: another live writer
    const second = new AuditLog(path, { fsync: true });
    second.open();
    expect(second.warning).toMatch(new RegExp(`another MCP Console \\(process ${process.ppid}\\)`));
    second.append({ kind: 'config', reason: 'not written' });
    expect(() => second.append({ kind: 'approved', reason: 'must not count' }, true)).toThrow(/another MCP Console/);
    expect(() => second.appendDurable({ kind: 'approved' })).toThrow(/another MCP Console/);
    second.close();
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(String(process.ppid)); // not ours to remove
    writeFileSync(`${path}.lock`, '2147483646'); // no such process
    const third = new AuditLog(path, { fsync: true });
    third.open();
    // Taken over, and said so: the calls the dead writer left open are marked (see unfinished-calls.ts).
    expect(third.warning).toBe(
      'MCP Console stopped last time without closing its audit log, with 5 calls open: 5 had not been sent; each is marked "abandoned" in the log',
    );
    third.append({ kind: 'config', reason: 'written' }, true);
    third.close();
    expect(readFileSync(path, 'utf8')).toContain('"reason":"written"');
    expect(() => readFileSync(`${path}.lock`)).toThrow(); // released on close
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'a lock whose process id now names a later process, or a zombie, is taken over (the start time says whose it was)',
    async () => {
      // The parent with its own start time: a live writer, refused.
      writeFileSync(`${path}.lock`, `${process.ppid} ${String(processStart(process.ppid))}`);
      const live = new AuditLog(path);
      live.open();
      expect(live.warning).toMatch(/another MCP Console/);
      live.close();
      // The parent runs, but it is not the process that wrote this lock: its start time differs.
      writeFileSync(`${path}.lock`, `${process.ppid} 1`);
      const reused = new AuditLog(path);
      reused.open();
      expect(reused.warning ?? '').not.toMatch(/another MCP Console/);
      reused.close();
      // A zombie: a child that ended under a parent that never reaps it.
      const sh = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
      const zombie = Number(
        await new Promise<string>((r) => sh.stdout!.once('data', (d: Buffer) => r(d.toString().trim()))),
      );
      await expect
        .poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 5000 })
        .toBe('Z');
      writeFileSync(`${path}.lock`, String(zombie));
      const afterZombie = new AuditLog(path);
      afterZombie.open();
      expect(afterZombie.warning ?? '').not.toMatch(/another MCP Console/);
      afterZombie.append({ kind: 'config', reason: 'after a zombie' }, true);
      afterZombie.close();
      sh.kill('SIGKILL');
      expect(readFileSync(path, 'utf8')).toContain('"reason":"after a zombie"');
    },
  );
});
