import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../electron/core/catalog/catalog.js';
import { callApproved, fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';

describe('a re-list that fails', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());

  it('makes the catalog stale: a session grant no longer runs the new definition, the next good listing decides', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    // "Allow for this session" for mutable (v1).
    expect(await callApproved(h, 'fx', 'mutable', { path: 'a' }, 'session')).toMatchObject({ outcome: 'ok' });
    const granted = h.core.requestCall('fx', 'mutable', { path: 'b' }, CONSOLE_USER);
    expect(granted.approvalId).toBeUndefined();
    await h.core.waitCall(granted.id);
    // The server changes mutable (v2) and breaks tools/list: the console cannot see the new definition.
    const failed = nextEvent(h.core, 'server.status', (v) => v.id === 'fx' && v.catalogStale !== undefined);
    expect(await callApproved(h, 'fx', 'change_tools', { action: 'break_list' })).toMatchObject({ outcome: 'ok' });
    const v = await failed;
    expect(v.catalogStale).toMatch(/tools\/list failed: .*broken on purpose/);
    // The grant does not apply to a stale catalog: the person is asked, and told why.
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'mutable');
    const r = h.core.requestCall('fx', 'mutable', { path: 'c' }, CONSOLE_USER);
    expect(r.approvalId).toBeDefined();
    const a = await asked;
    expect(a.stale).toMatch(/tools\/list failed/);
    h.core.decide({ approvalId: a.id, decision: 'deny', argsHash: a.argsHash, scope: 'once' }, 'user');
    expect(await h.core.waitCall(r.id)).toMatchObject({ outcome: 'denied' });
    expect(h.core.queryAudit({ kind: 'server-error', serverId: 'fx', limit: 5 }).at(-1)).toMatchObject({
      detail: { stale: true },
    });
    // A good listing ends the stale state.
    const fresh = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'list_changed');
    const restore = nextEvent(h.core, 'approval.requested', (x) => x.tool === 'change_tools');
    const rr = h.core.requestCall('fx', 'change_tools', { action: 'restore' }, CONSOLE_USER);
    const ra = await restore;
    h.core.decide({ approvalId: ra.id, decision: 'approve', argsHash: ra.argsHash, scope: 'once' }, 'user');
    await h.core.waitCall(rr.id);
    await fresh;
    expect(h.core.view('fx').catalogStale).toBeUndefined();
  });

  it('skips only the tool it cannot process: a deep schema from a real server leaves the rest', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_DEEP: '300' }));
    const v = await h.core.connect('fx');
    expect(v.status).toBe('connected');
    expect(v.toolCount).toBe(261);
    expect(h.core.findTool('fx', 'deep_schema')).toBeUndefined();
    expect(v.error).toMatch(/deep_schema.*nested deeper than 128 levels/);
  });

  it('skips a 100,000-level definition and a too-large one without a stack overflow, keeping the others', async () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100_000; i++) deep = { type: 'object', properties: { x: deep } };
    const cat = new Catalog(null);
    const b = cat.builder('s', 'id', false);
    const tooBig = { name: 'huge', inputSchema: { type: 'object', description: 'x'.repeat(1_100_000) } };
    const problems = b.add([
      { name: 'ok1', inputSchema: { type: 'object' } },
      { name: 'deep', inputSchema: deep },
      tooBig,
      { name: 'ok2', inputSchema: { type: 'object' } },
    ]);
    expect(await b.seal()).toEqual([]);
    b.commit('initial');
    expect(cat.tools('s').map((t) => t.name)).toEqual(['ok1', 'ok2']);
    expect(problems.join('\n')).toMatch(/skipped tool "deep": nested deeper than/);
    expect(problems.join('\n')).toMatch(/skipped tool "huge": its definition is larger than 1024 KB/);
  });
});
