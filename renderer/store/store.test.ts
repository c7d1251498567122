import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../shared/schemas/call';
import { assemble } from './catalog-feed';
import { doneCall } from '../test-support/records';
import { useConsole } from './store';

const call = (i: number): CallRecord =>
  doneCall({ id: `c${i}`, serverId: 's', requestedAt: new Date(i).toISOString() });

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
    expect(useConsole.getState().calls.c519?.resultReleased).toBe(true);
  });
});

describe('chunked catalog events', () => {
  const change = { serverId: 's', at: '', reason: 'initial' as const, added: [], removed: [], changed: [] };
  const tool = (n: number) => ({
    serverId: 's',
    name: `t${n}`,
    inputSchema: {},
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    fingerprint: 'f',
    serverIdentity: 'i',
    risk: { level: 'unknown' as const, openWorld: true, trusted: false },
    hiddenText: [],
  });

  it('puts chunks of one stream together and gives the whole list once, at the last chunk', () => {
    expect(assemble({ change, tools: [tool(1), tool(2)], chunk: { index: 0, count: 3, stream: 7 } })).toBeNull();
    expect(assemble({ change, tools: [tool(3)], chunk: { index: 1, count: 3, stream: 7 } })).toBeNull();
    const whole = assemble({ change, tools: [tool(4)], chunk: { index: 2, count: 3, stream: 7 } });
    expect(whole?.tools.map((t) => t.name)).toEqual(['t1', 't2', 't3', 't4']);
    expect(whole?.chunk).toBeUndefined();
  });

  it('drops chunks of an older stream once a newer one began', () => {
    assemble({ change, tools: [tool(1)], chunk: { index: 0, count: 2, stream: 1 } });
    assemble({ change, tools: [tool(9)], chunk: { index: 0, count: 2, stream: 2 } });
    expect(assemble({ change, tools: [tool(2)], chunk: { index: 1, count: 2, stream: 1 } })).toBeNull();
    expect(
      assemble({ change, tools: [tool(10)], chunk: { index: 1, count: 2, stream: 2 } })?.tools.map((t) => t.name),
    ).toEqual(['t9', 't10']);
  });
});
