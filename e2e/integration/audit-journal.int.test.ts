import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { AuditLog } from '../../electron/core/audit/audit-log.js';
import { fixtureStdio, makeCore, tempDir } from '../harness/harness.js';

const BIN = resolve('bin/mcp-console.js');

/**
 * Through the core, with a real server and the real disk: approvals are synced in the sync journal,
 * and after a crash of the machine (the log lost what the system had not written out yet) the next
 * console puts them back, and the chain verifies whole.
 */
describe('the audit log after a crash of the machine', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('puts back the approvals that were only in the sync journal, and the log verifies whole', async () => {
    dataDir = tempDir();
    const first = makeCore({ dataDir, auditFsync: true });
    first.core.addServer('fx', fixtureStdio());
    await first.core.connect('fx');
    const grant = first.core.requestCall('fx', 'echo', { message: 'grant' }, CONSOLE_USER);
    const a = first.core.approval(first.core.getCall(grant.id).approvalId!)!;
    first.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session' }, 'user');
    await first.core.waitCall(grant.id);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const rec = first.core.requestCall('fx', 'echo', { message: `m${i}` }, CONSOLE_USER);
      ids.push(rec.id);
      expect(await first.core.waitCall(rec.id)).toMatchObject({ outcome: 'ok' });
    }
    await first.core.close();

    const log = join(dataDir, 'audit.jsonl');
    const text = readFileSync(log, 'utf8');
    const lines = text.trimEnd().split('\n');
    const entries = lines.map((l) => JSON.parse(l) as { kind: string; seq: number; hash: string });
    const approvals = entries.flatMap((e, i) => (e.kind === 'approved' ? [i] : []));
    // The machine stopped just after the last approval was synced: the log kept nothing from the
    // middle of the third-last approval on, and the checkpoint had last been written at that approval.
    const cut = approvals.at(-3)!;
    const last = approvals.at(-1)!;
    truncateSync(log, lines.slice(0, cut).join('\n').length + 1 + 20);
    writeFileSync(`${log}.checkpoint`, JSON.stringify({ seq: entries[last]!.seq, hash: entries[last]!.hash }) + '\n');
    const synced = lines.slice(0, last + 1).join('\n') + '\n';

    const second = makeCore({ dataDir, auditFsync: true });
    try {
      const restored = second.core.queryAudit({ kind: 'log-recovered', limit: 10 });
      expect(restored).toHaveLength(1);
      expect(restored[0]!.detail).toMatchObject({ entries: last - cut + 1 });
      expect(readFileSync(log, 'utf8').startsWith(synced)).toBe(true); // every byte synced is back, in place
      expect(second.core.verifyAudit()).toMatchObject({ ok: true });
      const approved = second.core.queryAudit({ kind: 'approved', limit: 100 }).map((e) => e.callId);
      expect(approved.slice(-3)).toEqual(ids.slice(-3));
    } finally {
      await second.core.close();
    }
  });

  it('`audit verify` judges the log with what the sync journal holds past its end, then names what the console put back', async () => {
    dataDir = tempDir();
    const path = join(dataDir, 'audit.jsonl');
    const log = new AuditLog(path, { fsync: true });
    log.open();
    for (let i = 0; i < 3; i++) await log.appendDurable({ kind: 'approved', callId: `c${i}` }).durable;
    log.close();
    const last = readFileSync(path, 'utf8').trimEnd().split('\n').at(-1)!;
    truncateSync(path, statSync(path).size - last.length - 1); // the last approval reached the journal only
    const verify = () =>
      spawnSync(process.execPath, [BIN, 'audit', 'verify', '--data-dir', dataDir], { encoding: 'utf8' });
    const before = verify();
    expect(before.status).toBe(0);
    expect(before.stdout).toMatch(/audit log intact: 3 entries/);
    expect(before.stderr).toMatch(/warning: 1 entry after the log's end is in the sync journal/);
    const reopened = new AuditLog(path, { fsync: true });
    reopened.open(); // what the console does when it starts
    reopened.close();
    const after = verify();
    expect(after.status).toBe(0);
    expect(after.stdout).toMatch(
      /audit log intact: 4 entries[\s\S]*1 entry put back from the sync journal after a machine crash, at seq 4/,
    );
    expect(after.stderr).toBe('');
  });
});
