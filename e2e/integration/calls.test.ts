import { afterEach, describe, expect, it } from 'vitest';
import { callApproved, callsSeen, fixtureStdio, makeCore, nextEvent } from './harness.js';

describe('the approval gate', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());
  const setup = async (settings = {}) => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio(), settings);
    await h.core.connect('fx');
  };
  const pendingFor = (callId: string) => h.core.calls.gate.get(h.core.calls.get(callId).approvalId!)!;

  it('sends nothing until a decision names exactly the arguments shown (A1)', async () => {
    await setup();
    const asked = nextEvent(h.core, 'approval.requested');
    const rec = h.core.calls.request('fx', 'echo', { message: 'b', a: 1, '10': true, '9': [{ z: 1, y: 2 }] });
    const a = await asked;
    expect(a.argsJson).toBe('{"9":[{"y":2,"z":1}],"10":true,"a":1,"message":"b"}');
    expect(a).toMatchObject({ serverId: 'fx', tool: 'echo', status: 'pending', trusted: false, risk: { level: 'read-only-claimed' } });
    expect(() => h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: 'f'.repeat(64), scope: 'once' }, 'user')).toThrow(/other arguments/);
    expect(h.core.calls.get(rec.id).state).toBe('awaiting-approval');
    h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.calls.wait(rec.id);
    expect(done.result!.content[0]).toEqual({ type: 'text', text: a.argsJson });
    expect(await callsSeen(h, 'fx', 'echo')).toBe(1);
  });

  it('uses an approval once: a second decision is refused and one call is sent (A2)', async () => {
    await setup();
    const rec = h.core.calls.request('fx', 'echo', { message: 'once' });
    const a = pendingFor(rec.id);
    h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    expect(() => h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user')).toThrow(/already approved/);
    await h.core.calls.wait(rec.id);
    expect(await callsSeen(h, 'fx', 'echo')).toBe(1);
  });

  it('denies a call nobody decided on in time, and a late click sends nothing (A3)', async () => {
    await setup();
    h.core.updateSettings({ approvalTimeoutMs: 1000 });
    const rec = h.core.calls.request('fx', 'echo', { message: 'late' });
    const a = pendingFor(rec.id);
    const done = await h.core.calls.wait(rec.id);
    expect(done).toMatchObject({ outcome: 'denied', decidedBy: 'timeout' });
    expect(() => h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user')).toThrow(/already expired/);
    expect(h.core.audit.query({ kind: 'expired', limit: 5 })).toHaveLength(1);
    expect(await callsSeen(h, 'fx', 'echo')).toBe(0);
  });

  it('voids a pending approval when its tool changes, and asks again showing the diff (A4)', async () => {
    await setup();
    const rec = h.core.calls.request('fx', 'mutable', { path: '/tmp/x' });
    const first = pendingFor(rec.id);
    const reasked = nextEvent(h.core, 'approval.requested', (x) => x.tool === 'mutable' && x.id !== first.id);
    await callApproved(h, 'fx', 'change_tools', { action: 'add_param' });
    const second = await reasked;
    expect(h.core.calls.gate.get(first.id)!.status).toBe('void');
    expect(second).toMatchObject({ replaces: first.id, callId: rec.id, diff: { name: 'mutable', fields: ['inputSchema'] } });
    expect(second.fingerprint).not.toBe(first.fingerprint);
    expect(() => h.core.calls.decide({ approvalId: first.id, decision: 'approve', argsHash: first.argsHash, scope: 'once' }, 'user')).toThrow(/already void/);
    h.core.calls.decide({ approvalId: second.id, decision: 'approve', argsHash: second.argsHash, scope: 'once' }, 'user');
    expect((await h.core.calls.wait(rec.id)).outcome).toBe('ok');
    expect(await callsSeen(h, 'fx', 'mutable')).toBe(1);
  });

  it('"allow for this session" skips the dialog until the definition changes (A5)', async () => {
    await setup();
    await callApproved(h, 'fx', 'mutable', { path: 'a' }, 'session');
    const second = h.core.calls.request('fx', 'mutable', { path: 'b' });
    expect(second.approvalId).toBeUndefined();
    expect(await h.core.calls.wait(second.id)).toMatchObject({ outcome: 'ok', decidedBy: 'session-policy' });
    await callApproved(h, 'fx', 'change_tools', { action: 'change' });
    // Asked at once, while the new list is still being fetched: nothing goes out on the old grant.
    const reasked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'mutable');
    const third = h.core.calls.request('fx', 'mutable', { path: 'c' });
    const a = await reasked;
    expect(a).toMatchObject({ callId: third.id, diff: { name: 'mutable', fields: ['description'] } });
    expect(h.core.calls.get(third.id).state).toBe('awaiting-approval');
    expect(await callsSeen(h, 'fx', 'mutable')).toBe(2);
  });

  it('never skips the dialog for a read-only claim from an untrusted server (A6)', async () => {
    await setup({ autoApproveReadOnly: true });
    expect(h.core.calls.request('fx', 'echo', {}).approvalId).toBeDefined();
    await h.core.updateServer('fx', undefined, { trusted: true, autoApproveReadOnly: false });
    expect(h.core.calls.request('fx', 'echo', {}).approvalId).toBeDefined();
    await h.core.updateServer('fx', undefined, { trusted: true, autoApproveReadOnly: true });
    const auto = h.core.calls.request('fx', 'echo', { message: 'trusted' });
    expect(auto.approvalId).toBeUndefined();
    expect(await h.core.calls.wait(auto.id)).toMatchObject({ outcome: 'ok', decidedBy: 'trust-policy' });
    expect(h.core.calls.request('fx', 'ann_ufuu', {}).approvalId).toBeDefined();
  });

  it('keeps decisions for two servers with the same tool apart (A7)', async () => {
    await setup();
    h.core.addServer('fx2', fixtureStdio());
    await h.core.connect('fx2');
    const r1 = h.core.calls.request('fx', 'echo', { message: 'same' });
    const r2 = h.core.calls.request('fx2', 'echo', { message: 'same' });
    const a1 = pendingFor(r1.id);
    const a2 = pendingFor(r2.id);
    expect([a1.serverId, a2.serverId]).toEqual(['fx', 'fx2']);
    h.core.calls.decide({ approvalId: a1.id, decision: 'approve', argsHash: a1.argsHash, scope: 'session' }, 'user');
    await h.core.calls.wait(r1.id);
    expect(h.core.calls.get(r2.id).state).toBe('awaiting-approval');
    expect(h.core.calls.request('fx2', 'echo', { message: 'again' }).approvalId).toBeDefined();
    expect(await callsSeen(h, 'fx2', 'echo')).toBe(0);
  });

  it('sends nothing when the approval cannot be written to the audit log (A9)', async () => {
    await setup();
    const rec = h.core.calls.request('fx', 'echo', { message: 'unlogged' });
    const a = pendingFor(rec.id);
    const path = h.core.audit.path;
    h.core.audit.close();
    h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.calls.wait(rec.id);
    expect(done).toMatchObject({ outcome: 'denied', decidedBy: 'system', error: { code: 'audit-failed' } });
    expect(path).toMatch(/audit\.jsonl$/);
    h.core.audit.open();
    expect(await callsSeen(h, 'fx', 'echo')).toBe(0);
    expect(() => h.core.calls.request('fx', 'echo', {})).not.toThrow();
  });

  it('records deny with its reason, and cancel before approval, sending nothing', async () => {
    await setup();
    const r1 = h.core.calls.request('fx', 'echo', {});
    const a1 = pendingFor(r1.id);
    h.core.calls.decide({ approvalId: a1.id, decision: 'deny', argsHash: a1.argsHash, scope: 'once', reason: 'looks wrong' }, 'user');
    expect(await h.core.calls.wait(r1.id)).toMatchObject({ outcome: 'denied', decidedBy: 'user', reason: 'looks wrong' });
    const r2 = h.core.calls.request('fx', 'echo', {});
    h.core.calls.cancel(r2.id);
    expect(await h.core.calls.wait(r2.id)).toMatchObject({ outcome: 'cancelled' });
    expect(h.core.calls.gate.get(r2.approvalId!)!.status).toBe('void');
    expect(await callsSeen(h, 'fx', 'echo')).toBe(0);
  });

  it('reports validation errors with the approval but lets a developer send invalid input', async () => {
    await setup();
    const asked = nextEvent(h.core, 'approval.requested');
    const rec = h.core.calls.request('fx', 'form_kitchen_sink', { count: 99, color: 'pink' });
    const a = await asked;
    expect(a.validationErrors.map((e) => e.path).sort()).toEqual(['/', '/color', '/count']);
    h.core.calls.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    expect((await h.core.calls.wait(rec.id)).outcome).toBe('ok');
  });

  it('writes the audit trail of a call in order with every field (L2)', async () => {
    await setup();
    const done = await callApproved(h, 'fx', 'echo', { message: 'audited' });
    const trail = h.core.audit.query({ limit: 100 }).filter((e) => e.callId === done.id);
    expect(trail.map((e) => e.kind)).toEqual(['call-requested', 'approved', 'completed']);
    expect(trail[0]).toMatchObject({ args: { message: 'audited' }, argsHash: done.argsHash, fingerprint: done.fingerprint, serverIdentity: h.core.view('fx').identity });
    expect(trail[1]).toMatchObject({ decision: 'approve', decidedBy: 'user' });
    expect(trail[2]).toMatchObject({ outcome: 'ok', summary: { blocks: [{ type: 'text' }], isError: false } });
    expect(typeof trail[2].durationMs).toBe('number');
    expect(h.core.audit.verify().ok).toBe(true);
  });
});
