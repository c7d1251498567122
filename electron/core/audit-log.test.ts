import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../e2e/integration/harness.js';
import { AuditLog, GENESIS } from './audit-log.js';

describe('AuditLog', () => {
  let dir: string;
  let path: string;
  let log: AuditLog;
  beforeEach(() => {
    dir = tempDir();
    path = join(dir, 'audit.jsonl');
    log = new AuditLog(path, { fsync: true });
    log.open();
    for (let i = 0; i < 5; i++) log.append({ kind: 'call-requested', serverId: 's', tool: `t${i}`, callId: `c${i}`, argsHash: 'h', args: { i } });
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
  });

  it('finds a flipped byte at that entry', () => {
    const l = lines();
    l[2] = l[2].replace('"t2"', '"t9"');
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 3, firstBadSeq: 3 });
  });

  it('finds a deleted entry where the chain breaks', () => {
    const l = lines();
    l.splice(1, 1);
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 2, firstBadSeq: 3 });
  });

  it('finds reordered entries', () => {
    const l = lines();
    [l[3], l[4]] = [l[4], l[3]];
    writeFileSync(path, l.join('\n') + '\n');
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 4 });
  });

  it('finds a truncated last line', () => {
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, -20));
    expect(log.verify()).toMatchObject({ ok: false, firstBadLine: 5, reason: 'not valid JSON' });
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
});
