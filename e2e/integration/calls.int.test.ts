import { afterEach, describe, expect, it } from 'vitest';
import { fdatasyncSync, writeSync } from 'node:fs';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import type { AuditIo } from '../../electron/core/audit/index.js';
import { TICKET_HEADER } from '../../electron/core/support/index.js';
import { callApproved, callsSeen, FIXTURE, fixtureStdio, makeCore, nextEvent, startHttp } from '../harness/harness.js';

describe('the approval gate', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());
  const setup = async (settings = {}) => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio(), settings);
    await h.core.connect('fx');
  };
  const pendingFor = (callId: string) => h.core.approval(h.core.getCall(callId).approvalId!)!;

  it('sends nothing until a decision names exactly the arguments shown', async () => {
    await setup();
    const asked = nextEvent(h.core, 'approval.requested');
    const rec = h.core.requestCall(
      'fx',
      'echo',
      { message: 'b', a: 1, '10': true, '9': [{ z: 1, y: 2 }] },
      CONSOLE_USER,
    );
    const a = await asked;
    expect(a.argsJson).toBe('{"9":[{"y":2,"z":1}],"10":true,"a":1,"message":"b"}');
    expect(a).toMatchObject({
      serverId: 'fx',
      tool: 'echo',
      status: 'pending',
      trusted: false,
      risk: { level: 'read-only-claimed' },
    });
    expect(() =>
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: 'f'.repeat(64), scope: 'once' }, 'user'),
    ).toThrow(/other arguments/);
    expect(h.core.getCall(rec.id).state).toBe('awaiting-approval');
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.waitCall(rec.id);
    expect(done.result!.content[0]).toEqual({ type: 'text', text: a.argsJson });
    expect(await callsSeen(h, 'fx', 'echo')).toBe(1);
  });

  it('uses an approval once: a second decision is refused and one call is sent', async () => {
    await setup();
    const rec = h.core.requestCall('fx', 'echo', { message: 'once' }, CONSOLE_USER);
    const a = pendingFor(rec.id);
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    expect(() =>
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user'),
    ).toThrow(/already approved/);
    await h.core.waitCall(rec.id);
    expect(await callsSeen(h, 'fx', 'echo')).toBe(1);
  });

  it('denies a call nobody decided on in time, and a late click sends nothing', async () => {
    await setup();
    h.core.updateSettings({ approvalTimeoutMs: 1000 });
    const rec = h.core.requestCall('fx', 'echo', { message: 'late' }, CONSOLE_USER);
    const a = pendingFor(rec.id);
    const done = await h.core.waitCall(rec.id);
    expect(done).toMatchObject({ outcome: 'denied', decidedBy: 'timeout' });
    expect(() =>
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user'),
    ).toThrow(/already expired/);
    expect(h.core.queryAudit({ kind: 'expired', limit: 5 })).toHaveLength(1);
    expect(await callsSeen(h, 'fx', 'echo')).toBe(0);
  });

  it('voids a pending approval when its tool changes, and asks again showing the diff', async () => {
    await setup();
    const rec = h.core.requestCall('fx', 'mutable', { path: '/tmp/x' }, CONSOLE_USER);
    const first = pendingFor(rec.id);
    const reasked = nextEvent(h.core, 'approval.requested', (x) => x.tool === 'mutable' && x.id !== first.id);
    await callApproved(h, 'fx', 'change_tools', { action: 'add_param' });
    const second = await reasked;
    expect(h.core.approval(first.id)!.status).toBe('void');
    expect(second).toMatchObject({
      replaces: first.id,
      callId: rec.id,
      diff: { name: 'mutable', fields: ['inputSchema'] },
    });
    expect(second.fingerprint).not.toBe(first.fingerprint);
    expect(() =>
      h.core.decide({ approvalId: first.id, decision: 'approve', argsHash: first.argsHash, scope: 'once' }, 'user'),
    ).toThrow(/already void/);
    h.core.decide({ approvalId: second.id, decision: 'approve', argsHash: second.argsHash, scope: 'once' }, 'user');
    expect((await h.core.waitCall(rec.id)).outcome).toBe('ok');
    expect(await callsSeen(h, 'fx', 'mutable')).toBe(1);
  });

  it('"allow for this session" skips the dialog until the definition changes', async () => {
    await setup();
    await callApproved(h, 'fx', 'mutable', { path: 'a' }, 'session');
    const second = h.core.requestCall('fx', 'mutable', { path: 'b' }, CONSOLE_USER);
    expect(second.approvalId).toBeUndefined();
    expect(await h.core.waitCall(second.id)).toMatchObject({ outcome: 'ok', decidedBy: 'session-policy' });
    await callApproved(h, 'fx', 'change_tools', { action: 'change' });
    // Asked at once, while the new list is still being fetched: nothing goes out on the old grant.
    const reasked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'mutable');
    const third = h.core.requestCall('fx', 'mutable', { path: 'c' }, CONSOLE_USER);
    const a = await reasked;
    expect(a).toMatchObject({ callId: third.id, diff: { name: 'mutable', fields: ['description'] } });
    expect(h.core.getCall(third.id).state).toBe('awaiting-approval');
    expect(await callsSeen(h, 'fx', 'mutable')).toBe(2);
  });

  it('holds input that fails the schema for a person, whatever grant would send it', async () => {
    await setup();
    await callApproved(h, 'fx', 'mutable', { path: 'a' }, 'session');
    const held = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'mutable');
    const bad = h.core.requestCall('fx', 'mutable', { path: 42 }, CONSOLE_USER);
    const a = await held;
    expect(a).toMatchObject({ callId: bad.id, heldFrom: 'session-policy' });
    expect(a.validationErrors.map((e) => e.path)).toContain('/path');
    expect(h.core.getCall(bad.id)).toMatchObject({ state: 'awaiting-approval', heldFrom: 'session-policy' });
    // Valid input under the same grant still goes at once; the held call waits for its decision.
    const good = h.core.requestCall('fx', 'mutable', { path: 'b' }, CONSOLE_USER);
    expect(good.approvalId).toBeUndefined();
    expect(await h.core.waitCall(good.id)).toMatchObject({ outcome: 'ok', decidedBy: 'session-policy' });
    expect(await callsSeen(h, 'fx', 'mutable')).toBe(2);
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    expect(await h.core.waitCall(bad.id)).toMatchObject({ decidedBy: 'user', heldFrom: 'session-policy' });
    expect(await callsSeen(h, 'fx', 'mutable')).toBe(3);
  });

  it('never skips the dialog for a read-only claim from an untrusted server', async () => {
    await setup({ autoApproveReadOnly: true });
    expect(h.core.requestCall('fx', 'echo', {}, CONSOLE_USER).approvalId).toBeDefined();
    await h.core.updateServer('fx', undefined, { trusted: true, autoApproveReadOnly: false });
    expect(h.core.requestCall('fx', 'echo', {}, CONSOLE_USER).approvalId).toBeDefined();
    await h.core.updateServer('fx', undefined, { trusted: true, autoApproveReadOnly: true });
    const auto = h.core.requestCall('fx', 'echo', { message: 'trusted' }, CONSOLE_USER);
    expect(auto.approvalId).toBeUndefined();
    expect(await h.core.waitCall(auto.id)).toMatchObject({ outcome: 'ok', decidedBy: 'trust-policy' });
    expect(h.core.requestCall('fx', 'ann_ufuu', {}, CONSOLE_USER).approvalId).toBeDefined();
  });

  it('keeps decisions for two servers with the same tool apart', async () => {
    await setup();
    h.core.addServer('fx2', fixtureStdio());
    await h.core.connect('fx2');
    const r1 = h.core.requestCall('fx', 'echo', { message: 'same' }, CONSOLE_USER);
    const r2 = h.core.requestCall('fx2', 'echo', { message: 'same' }, CONSOLE_USER);
    const a1 = pendingFor(r1.id);
    const a2 = pendingFor(r2.id);
    expect([a1.serverId, a2.serverId]).toEqual(['fx', 'fx2']);
    h.core.decide({ approvalId: a1.id, decision: 'approve', argsHash: a1.argsHash, scope: 'session' }, 'user');
    await h.core.waitCall(r1.id);
    expect(h.core.getCall(r2.id).state).toBe('awaiting-approval');
    expect(h.core.requestCall('fx2', 'echo', { message: 'again' }, CONSOLE_USER).approvalId).toBeDefined();
    expect(await callsSeen(h, 'fx2', 'echo')).toBe(0);
  });

  it('sends nothing when the approval cannot be written to the audit log', async () => {
    // The server runs over HTTP so that what reached it can be asked out of band (/stats), with the log refusing
    // entries.
    const srv = await startHttp(FIXTURE, ['--transport', 'http']);
    let failing = false;
    const io: AuditIo = {
      writeSync: (fd, buf, off, len) => (failing ? 0 : writeSync(fd, buf, off, len)),
      fdatasyncSync: (fd) => {
        if (failing) throw new Error('EIO: the disk went away');
        fdatasyncSync(fd);
      },
    };
    try {
      h = makeCore({ auditIo: io, auditFsync: true });
      h.core.addServer('fx', { type: 'http', url: `${srv.url}/mcp`, headers: {} });
      await h.core.connect('fx');
      const rec = h.core.requestCall('fx', 'echo', { message: 'unlogged' }, CONSOLE_USER);
      const a = pendingFor(rec.id);
      failing = true;
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
      const done = await h.core.waitCall(rec.id);
      expect(done).toMatchObject({ outcome: 'denied', decidedBy: 'system', error: { code: 'audit-failed' } });
      const stats = (await (await fetch(`${srv.url}/stats`)).json()) as { calls: Record<string, number> };
      expect(stats.calls.echo ?? 0).toBe(0);
      // The log refuses what follows rather than leave a gap in the chain.
      expect(() => h.core.requestCall('fx', 'echo', {}, CONSOLE_USER)).toThrow(/could not be written/);
    } finally {
      srv.stop();
    }
  });

  it('prepares an approved call while its approval is synced, and sends it only once the approval is on disk; cancelled meanwhile, never', async () => {
    // The log's fdatasync is held by the test: what the server saw meanwhile is asked over a second connection.
    const syncs: Array<() => void> = [];
    const io: AuditIo = {
      writeSync: (fd, buf, off, len) => writeSync(fd, buf, off, len),
      fdatasyncSync,
      fdatasync: (fd, done) => syncs.push(() => (fdatasyncSync(fd), done(null))),
    };
    const srv = await startHttp(FIXTURE, ['--transport', 'http']);
    const seen = async () =>
      ((await (await fetch(`${srv.url}/stats`)).json()) as { calls: Record<string, number> }).calls.echo ?? 0;
    const released = async () => {
      while (syncs.length === 0) await new Promise((r) => setTimeout(r, 5));
      return syncs.splice(0);
    };
    try {
      h = makeCore({ auditIo: io, auditFsync: true });
      h.core.addServer('fx', { type: 'http', url: `${srv.url}/mcp`, headers: {} });
      await h.core.connect('fx');
      const rec = h.core.requestCall('fx', 'echo', { message: 'synced first' }, CONSOLE_USER);
      const a = pendingFor(rec.id);
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
      const held = await released();
      await new Promise((r) => setTimeout(r, 100));
      expect(await seen()).toBe(0);
      expect(h.core.getCall(rec.id).state).toBe('awaiting-approval');
      for (const go of held) go();
      expect(await h.core.waitCall(rec.id)).toMatchObject({ outcome: 'ok' });
      expect(await seen()).toBe(1);

      const second = h.core.requestCall('fx', 'echo', { message: 'cancelled while synced' }, CONSOLE_USER);
      const a2 = pendingFor(second.id);
      h.core.decide({ approvalId: a2.id, decision: 'approve', argsHash: a2.argsHash, scope: 'once' }, 'user');
      const held2 = await released();
      h.core.cancelCall(second.id);
      for (const go of held2) go();
      expect(await h.core.waitCall(second.id)).toMatchObject({
        outcome: 'cancelled',
        reason: 'cancelled before it was sent',
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(await seen()).toBe(1);
      // The ticket travelled inside the console only: the server never saw its header.
      const stats = (await (await fetch(`${srv.url}/stats`)).json()) as { headers: string[] };
      expect(stats.headers).toContain('mcp-protocol-version');
      expect(stats.headers).not.toContain(TICKET_HEADER);
    } finally {
      srv.stop();
    }
  });

  it('syncs the approval of a call alone on the loop, and of a call made while another runs off it (shared)', async () => {
    let onLoop = 0;
    let offLoop = 0;
    const io: AuditIo = {
      writeSync: (fd, buf, off, len) => writeSync(fd, buf, off, len),
      // Where each sync runs is what is looked at here, not the disk: both are quick.
      fdatasyncSync: () => void onLoop++,
      fdatasync: (_fd, done) => (offLoop++, setImmediate(() => done(null))),
    };
    h = makeCore({ auditIo: io, auditFsync: true });
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const first = h.core.requestCall('fx', 'echo', { message: 'grant' }, CONSOLE_USER);
    const a = pendingFor(first.id);
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session' }, 'user');
    await h.core.waitCall(first.id);
    // The first syncs run off the loop until the disk is known to be fast (a loaded machine may take a few).
    for (let i = 0; i < 30 && onLoop === 0; i++)
      await h.core.waitCall(h.core.requestCall('fx', 'echo', { message: `alone ${i}` }, CONSOLE_USER).id);
    expect(onLoop).toBe(1);
    // A slow call runs (under its own grant): the next approval's sync must not hold the loop.
    const slow = h.core.requestCall('fx', 'slow_progress', { steps: 2, delayMs: 100 }, CONSOLE_USER);
    const s = pendingFor(slow.id);
    h.core.decide({ approvalId: s.id, decision: 'approve', argsHash: s.argsHash, scope: 'session' }, 'user');
    while (h.core.getCall(slow.id).state !== 'running') await new Promise((r) => setTimeout(r, 5));
    const [loopBefore, offBefore] = [onLoop, offLoop];
    await h.core.waitCall(h.core.requestCall('fx', 'echo', { message: 'beside a running call' }, CONSOLE_USER).id);
    expect([onLoop - loopBefore, offLoop - offBefore]).toEqual([0, 1]);
    expect(await h.core.waitCall(slow.id)).toMatchObject({ outcome: 'ok' });
  });

  it('records deny with its reason, and cancel before approval, sending nothing', async () => {
    await setup();
    const r1 = h.core.requestCall('fx', 'echo', {}, CONSOLE_USER);
    const a1 = pendingFor(r1.id);
    h.core.decide(
      { approvalId: a1.id, decision: 'deny', argsHash: a1.argsHash, scope: 'once', reason: 'looks wrong' },
      'user',
    );
    expect(await h.core.waitCall(r1.id)).toMatchObject({ outcome: 'denied', decidedBy: 'user', reason: 'looks wrong' });
    const r2 = h.core.requestCall('fx', 'echo', {}, CONSOLE_USER);
    h.core.cancelCall(r2.id);
    expect(await h.core.waitCall(r2.id)).toMatchObject({ outcome: 'cancelled' });
    expect(h.core.approval(r2.approvalId!)!.status).toBe('void');
    expect(await callsSeen(h, 'fx', 'echo')).toBe(0);
  });

  it('reports validation errors with the approval but lets a developer send invalid input', async () => {
    await setup();
    const asked = nextEvent(h.core, 'approval.requested');
    const rec = h.core.requestCall('fx', 'form_kitchen_sink', { count: 99, color: 'pink' }, CONSOLE_USER);
    const a = await asked;
    expect(a.validationErrors.map((e) => e.path).sort()).toEqual(['/', '/color', '/count']);
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    expect((await h.core.waitCall(rec.id)).outcome).toBe('ok');
  });

  it('writes the audit trail of a call in order with every field', async () => {
    await setup();
    const done = await callApproved(h, 'fx', 'echo', { message: 'audited' });
    const trail = h.core.queryAudit({ limit: 100 }).filter((e) => e.callId === done.id);
    expect(trail.map((e) => e.kind)).toEqual(['call-requested', 'approved', 'completed']);
    expect(trail[0]).toMatchObject({
      args: { message: 'audited' },
      argsHash: done.argsHash,
      fingerprint: done.fingerprint,
      serverIdentity: h.core.view('fx').identity,
    });
    expect(trail[1]).toMatchObject({ decision: 'approve', decidedBy: 'user' });
    expect(trail[2]).toMatchObject({ outcome: 'ok', summary: { blocks: [{ type: 'text' }], isError: false } });
    expect(typeof trail[2]!.durationMs).toBe('number');
    expect(h.core.verifyAudit().ok).toBe(true);
  });
});
