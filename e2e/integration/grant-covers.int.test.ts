import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { fixtureStdio, makeCore, nextEvent, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

/** Asks for a call; resolves with its approval, or null when a standing grant ran it without asking. */
async function ask(h: Harness, tool: string, args: Record<string, unknown> = {}) {
  const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === tool);
  const record = h.core.requestCall('fx', tool, args, CONSOLE_USER);
  const first = await Promise.race([asked, h.core.waitCall(record.id).then(() => null)]);
  return { record, approval: first };
}

describe('a session grant can cover one tool, a trusted server\u2019s read-only tools, or a whole server', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.dispose();
    h = undefined;
  });

  it('every tool of a server, as they were when granted: a tool changed or added since is asked for again', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const { record, approval } = await ask(h, 'echo', { message: 'first' });
    h.core.decide(
      {
        approvalId: approval!.id,
        decision: 'approve',
        argsHash: approval!.argsHash,
        scope: 'session',
        covers: 'server',
      },
      'user',
    );
    expect(await h.core.waitCall(record.id)).toMatchObject({ outcome: 'ok' });
    const grant = partsOf(h.core)
      .agents.grants()
      .find((g) => g.covers === 'server');
    expect(grant).toMatchObject({ serverId: 'fx', tool: '*', scope: 'session', requester: CONSOLE_USER });
    // Another tool of the server, not asked for.
    const other = await ask(h, 'content_text');
    expect(other.approval).toBeNull();
    expect(h.core.getCall(other.record.id)).toMatchObject({ outcome: 'ok', decidedBy: 'session-policy' });
    // change_tools is covered too; the tool it changes is then not what was granted.
    const listed = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'list_changed');
    expect((await ask(h, 'change_tools', { action: 'change' })).approval).toBeNull();
    await listed;
    const changed = await ask(h, 'mutable');
    expect(changed.approval).not.toBeNull();
    h.core.decide(
      { approvalId: changed.approval!.id, decision: 'deny', argsHash: changed.approval!.argsHash, scope: 'once' },
      'user',
    );
    // The audit log says what the grant covered.
    const set = h.core.queryAudit({ kind: 'grant-set', limit: 100 });
    expect(set.at(-1)?.reason).toMatch(/^session for console: every tool of fx as they are now \(\d+\)$/);
  });

  it('read-only tools only on a trusted server; refused before anything is decided otherwise', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const first = await ask(h, 'echo', { message: 'x' });
    const a = first.approval!;
    expect(() =>
      h!.core.decide(
        { approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session', covers: 'read-only' },
        'user',
      ),
    ).toThrow(/needs a trusted server/);
    expect(() =>
      h!.core.decide(
        { approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'always', covers: 'server' },
        'user',
      ),
    ).toThrow(/only an allow for this session/);
    // Nothing was decided: the call still waits.
    expect(h.core.pendingApprovals().map((p) => p.id)).toEqual([a.id]);
    h.core.decide({ approvalId: a.id, decision: 'deny', argsHash: a.argsHash, scope: 'once' }, 'user');

    await h.core.updateServer('fx', undefined, { trusted: true });
    const second = await ask(h, 'echo', { message: 'y' });
    const b = second.approval!;
    h.core.decide(
      { approvalId: b.id, decision: 'approve', argsHash: b.argsHash, scope: 'session', covers: 'read-only' },
      'user',
    );
    expect(await h.core.waitCall(second.record.id)).toMatchObject({ outcome: 'ok' });
    // ann_tfff declares read-only: covered. ann_ffff declares it writes: asked.
    expect((await ask(h, 'ann_tfff')).approval).toBeNull();
    expect((await ask(h, 'ann_ffff')).approval).not.toBeNull();
    // Trust taken back: the grant that rested on it ends, the read-only claim is asked for again.
    await h.core.updateServer('fx', undefined, { trusted: false });
    expect(
      partsOf(h.core)
        .agents.grants()
        .filter((g) => g.covers === 'read-only'),
    ).toEqual([]);
    expect((await ask(h, 'ann_tfff')).approval).not.toBeNull();
  });
});
