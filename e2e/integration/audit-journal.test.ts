import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { fixtureStdio, makeCore, tempDir } from './harness.js';

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
});
