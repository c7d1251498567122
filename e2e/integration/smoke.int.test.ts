import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';

describe('smoke', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());
  it('connects, lists, calls echo through an approval', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    const v = await h.core.connect('fx');
    expect(v.error).toBeUndefined();
    expect(v.status).toBe('connected');
    expect(v.toolCount).toBe(261);
    const asked = nextEvent(h.core, 'approval.requested');
    const call = h.core.requestCall('fx', 'echo', { message: 'hi' }, CONSOLE_USER);
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.waitCall(call.id);
    expect(done.outcome).toBe('ok');
    expect(done.result?.content[0]).toEqual({ type: 'text', text: '{"message":"hi"}' });
  });
});
