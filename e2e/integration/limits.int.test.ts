import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureStdio, makeCore } from '../harness/harness.js';

describe('limits on what waits and what is logged', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());

  it('refuses more pending approvals per server than the limit, saying so in the error and the audit log', async () => {
    h = makeCore();
    h.core.updateSettings({ maxPendingApprovalsPerServer: 3 });
    h.core.addServer('fx', fixtureStdio());
    h.core.addServer('fx2', fixtureStdio());
    await Promise.all([h.core.connect('fx'), h.core.connect('fx2')]);
    for (let i = 0; i < 3; i++) h.core.requestCall('fx', 'echo', { message: String(i) }, CONSOLE_USER);
    expect(() => h.core.requestCall('fx', 'echo', { message: 'one too many' }, CONSOLE_USER)).toThrow(
      /already has 3 calls waiting for approval \(the limit is 3\)/,
    );
    expect(h.core.queryAudit({ kind: 'denied', limit: 5 }).at(-1)).toMatchObject({
      serverId: 'fx',
      decidedBy: 'system',
      reason: expect.stringMatching(/already wait for approval/),
    });
    // Other servers are not held back by it; deciding one makes room again.
    expect(h.core.requestCall('fx2', 'echo', { message: 'other' }, CONSOLE_USER).approvalId).toBeDefined();
    const [first] = h.core.pendingApprovals().filter((a) => a.serverId === 'fx');
    h.core.decide({ approvalId: first!.id, decision: 'deny', argsHash: first!.argsHash, scope: 'once' }, 'user');
    expect(h.core.requestCall('fx', 'echo', { message: 'room again' }, CONSOLE_USER).approvalId).toBeDefined();
  });

  it('logs large arguments by hash and size, kept beside the log (or not at all, by setting)', async () => {
    h = makeCore();
    h.core.updateSettings({ maxInlineArgsBytes: 1024 });
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const small = h.core.requestCall('fx', 'echo', { message: 'small' }, CONSOLE_USER);
    const big = h.core.requestCall('fx', 'echo', { message: 'x'.repeat(100_000) }, CONSOLE_USER);
    const entries = h.core.queryAudit({ kind: 'call-requested', limit: 10 });
    expect(entries.find((e) => e.callId === small.id)).toMatchObject({ args: { message: 'small' } });
    const e = entries.find((x) => x.callId === big.id)!;
    expect(e.args).toBeUndefined();
    expect(e).toMatchObject({
      argsHash: big.argsHash,
      argsBytes: big.argsJson.length,
      argsFile: `audit-args/${big.argsHash}.json`,
    });
    expect(readFileSync(join(h.dataDir, e.argsFile!), 'utf8')).toBe(big.argsJson);
    expect(readFileSync(join(h.dataDir, 'audit.jsonl')).length).toBeLessThan(20_000);
    h.core.updateSettings({ keepLargeArgs: false });
    const other = h.core.requestCall('fx', 'echo', { message: 'y'.repeat(100_000) }, CONSOLE_USER);
    const e2 = h.core.queryAudit({ kind: 'call-requested', limit: 10 }).find((x) => x.callId === other.id)!;
    expect(e2).toMatchObject({ argsBytes: other.argsJson.length });
    expect(e2.argsFile).toBeUndefined();
    expect(existsSync(join(h.dataDir, 'audit-args', `${other.argsHash}.json`))).toBe(false);
  });
});
