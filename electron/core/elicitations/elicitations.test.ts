import { describe, expect, it } from 'vitest';
import type { AuditFields, AuditTrail } from '../audit/index.js';
import { EventBus } from '../support/index.js';
import { Elicitations } from './elicitations.js';

/** Elicitations with the calls said to be running on the server set by the test, and what was recorded. */
function make(calls: Array<{ callId: string; tool: string }>) {
  const recorded: AuditFields[] = [];
  const trail = { record: (f: AuditFields) => (recorded.push(f), f) } as unknown as AuditTrail;
  const now = { running: calls };
  const e = new Elicitations({
    trail,
    bus: new EventBus(),
    check: () => [],
    server: () => ({ identity: 'id' }),
    running: () => [...now.running],
  });
  return { e, recorded, now };
}
const form = {
  mode: 'form' as const,
  message: 'Your name?',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
};

describe('a question and the calls it came during', () => {
  it('is withdrawn (cancel, with the reason) once the only call it came during ends', async () => {
    const { e, recorded } = make([{ callId: 'c1', tool: 'deploy' }]);
    const answer = e.ask('s', form, new AbortController().signal);
    e.callEnded('other');
    expect(e.pending()).toHaveLength(1);
    e.callEnded('c1');
    expect(await answer).toEqual({ action: 'cancel' });
    expect(e.pending()).toEqual([]);
    expect(e.list()[0]).toMatchObject({
      status: 'cancelled',
      reason: 'the call it came during ended (deploy): no one waits for the answer',
    });
    expect(recorded.at(-1)).toMatchObject({ kind: 'elicitation-answered', decision: 'cancel', decidedBy: 'system' });
  });

  it('asked while several calls ran, it waits for the last of them; asked outside any call, no call ending withdraws it', async () => {
    const { e, now } = make([
      { callId: 'a', tool: 'one' },
      { callId: 'b', tool: 'two' },
    ]);
    const both = e.ask('s', form, new AbortController().signal);
    now.running = [];
    const outside = e.ask('s', form, new AbortController().signal);
    e.callEnded('a');
    expect(e.pending()).toHaveLength(2);
    e.callEnded('b');
    expect(await both).toEqual({ action: 'cancel' });
    expect(e.list().find((q) => q.status === 'cancelled')?.reason).toBe(
      'the call it came during ended (one, two): no one waits for the answer',
    );
    e.callEnded('c');
    expect(e.pending()).toHaveLength(1);
    const [q] = e.pending();
    e.answer({ id: q!.id, action: 'decline' }, { kind: 'user' } as never);
    expect(await outside).toEqual({ action: 'decline' });
  });
});
