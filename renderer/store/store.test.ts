import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../shared/schemas/call';
import { useConsole } from './store';

const call = (i: number): CallRecord => ({ id: `c${i}`, serverId: 's', tool: 't', argsJson: '{}', argsHash: 'h', fingerprint: 'f', state: 'done', outcome: 'ok', requestedAt: new Date(i).toISOString() });

describe('store', () => {
  it('remembers the newest 500 calls, newest first, and takes updates in place', () => {
    const st = useConsole.getState();
    for (let i = 0; i < 520; i++) st.callUpdated(call(i));
    const s = useConsole.getState();
    expect(s.callOrder).toHaveLength(500);
    expect(s.callOrder[0]).toBe('c519');
    expect(s.calls.c19).toBeUndefined();
    expect(Object.keys(s.calls)).toHaveLength(500);
    st.callUpdated({ ...call(519), resultReleased: true });
    expect(useConsole.getState().callOrder[0]).toBe('c519');
    expect(useConsole.getState().calls.c519.resultReleased).toBe(true);
  });
});
