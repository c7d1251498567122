import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/schemas/audit.js';
import { COMMAND_LINE, CONSOLE_USER, type Requester } from '../../shared/schemas/requester.js';
import { dispatch } from '../../electron/core/index.js';
import { fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';

describe('one audit path', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(() => h?.dispose());

  it('announces every entry any part of the core writes: config, consent, connect, catalog, calls, disconnect', async () => {
    h = makeCore();
    const announced: AuditEntry[] = [];
    h.core.onEvent((name, payload) => {
      if (name === 'audit.appended') announced.push(payload as AuditEntry);
    });
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    // A catalog change after the first listing (the server says its list changed).
    const changed = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'list_changed');
    const asked = nextEvent(h.core, 'approval.requested');
    const rec = h.core.requestCall('fx', 'change_tools', { action: 'add' }, CONSOLE_USER);
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    await h.core.waitCall(rec.id);
    await changed;
    await h.core.updateServer('fx', undefined, { callTimeoutMs: 20_000 });
    await h.core.disconnect('fx');
    await new Promise((r) => setTimeout(r, 50));
    const written = h.core.queryAudit({ limit: 1000 });
    const kinds = new Set(written.map((e) => e.kind));
    for (const k of [
      'config',
      'consent-granted',
      'connect',
      'catalog-change',
      'call-requested',
      'approved',
      'completed',
      'disconnect',
    ] as const)
      expect(kinds).toContain(k);
    expect(written.filter((e) => e.kind === 'catalog-change').map((e) => e.reason)).toEqual(
      expect.arrayContaining(['initial', 'list_changed']),
    );
    expect(announced.map((e) => e.seq).sort((x, y) => x - y)).toEqual(written.map((e) => e.seq).sort((x, y) => x - y));
    expect(announced.find((e) => e.kind === 'catalog-change')?.hash).toBe(
      written.find((e) => e.kind === 'catalog-change')?.hash,
    );
  });
});

describe('who asked', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(() => h?.dispose());

  const askedBy = async (requestedBy: Requester) => {
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.requestedBy.kind === requestedBy.kind);
    const rec = h.core.requestCall('fx', 'echo', { message: requestedBy.kind }, requestedBy);
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    return { rec, approval: a, done: await h.core.waitCall(rec.id) };
  };

  it('records the console user, the command line or a named agent on the call, its approval and each of its audit entries', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const agent: Requester = { kind: 'agent', name: 'claude-desktop' };
    for (const who of [CONSOLE_USER, COMMAND_LINE, agent]) {
      const { rec, approval, done } = await askedBy(who);
      expect(rec.requestedBy).toEqual(who);
      expect(approval.requestedBy).toEqual(who);
      expect(done.requestedBy).toEqual(who);
      const entries = h.core.queryAudit({ limit: 1000 }).filter((e) => e.callId === rec.id);
      expect(entries.map((e) => e.kind)).toEqual(['call-requested', 'approved', 'completed']);
      for (const e of entries) expect(e.requestedBy).toEqual(who);
    }
    expect(h.core.verifyAudit().ok).toBe(true);
  });

  it('takes the requester from the front end, never from the request: a page cannot claim to be an agent or the command line', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const page = h.core.handlers({ requester: CONSOLE_USER });
    const forged = await dispatch(page, 'calls.request', {
      serverId: 'fx',
      tool: 'echo',
      args: {},
      requestedBy: { kind: 'agent', name: 'x' },
    });
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const r = await dispatch(page, 'calls.request', { serverId: 'fx', tool: 'echo', args: { message: 'page' } });
    expect(r).toMatchObject({ ok: true, value: { requestedBy: { kind: 'console' } } });
  });
});
