import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventNames, type EventName, type EventPayload } from '../../shared/contract';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { ServerView } from '../../shared/schemas/server';
import type { ConsoleApi } from '../api/client';
import { eventHandlers, handleEvent, wireEvents, type EventHandlers } from './events';
import { useConsole } from './store';

describe('the event map', () => {
  beforeEach(() => useConsole.setState({ servers: {}, serverOrder: [], audit: [] }));

  it('handles every event of the contract and nothing else', () => {
    expect(Object.keys(eventHandlers).sort()).toEqual([...eventNames].sort());
    // @ts-expect-error a map that leaves an event of the contract unhandled does not typecheck
    const partial: EventHandlers = { 'server.status': () => {} };
    expect(Object.keys(partial)).toHaveLength(1);
  });

  it('routes each event to its slice', () => {
    const view = { id: 'fx', status: 'connected' } as ServerView;
    handleEvent('server.status', view);
    expect(useConsole.getState().servers.fx).toBe(view);
    expect(useConsole.getState().serverOrder).toEqual(['fx']);
    handleEvent('audit.appended', { seq: 7, kind: 'connect' } as AuditEntry);
    expect(useConsole.getState().audit.map((e) => e.seq)).toEqual([7]);
    handleEvent('server.removed', { serverId: 'fx' });
    expect(useConsole.getState().servers.fx).toBeUndefined();
  });

  it('ignores an event this page does not know (an older or newer core)', () => {
    expect(() => handleEvent('tools.exploded' as EventName, {} as EventPayload<EventName>)).not.toThrow();
    expect(useConsole.getState().serverOrder).toEqual([]);
  });
});

describe('a snapshot and the events that pass it', () => {
  beforeEach(() => useConsole.setState({ servers: {}, serverOrder: [], approvals: [], online: false }));

  it('keeps what the events said while the snapshot loaded, whatever older state its lists hold', async () => {
    let listed: (v: ServerView[]) => void = () => {};
    const emit: { fn?: (name: EventName, payload: unknown) => void } = {};
    let up: (u: boolean) => void = () => {};
    const api = {
      request: (name: string): Promise<unknown> =>
        name === 'servers.list' ? new Promise((r) => (listed = r as (v: ServerView[]) => void)) : Promise.resolve([]),
      onEvent: (fn: (name: EventName, payload: unknown) => void) => ((emit.fn = fn), () => {}),
      onConnection: (fn: (u: boolean) => void) => ((up = fn), () => {}),
    } as unknown as ConsoleApi;
    const off = wireEvents(api);
    up(true);
    // The core lists the server as connecting; before that list reaches the store, it connects and says so.
    emit.fn!('server.status', { id: 'everything', status: 'connected' } as ServerView);
    listed([{ id: 'everything', status: 'connecting' } as ServerView]);
    await vi.waitFor(() => expect(useConsole.getState().online).toBe(true));
    expect(useConsole.getState().serverOrder).toEqual(['everything']);
    expect(useConsole.getState().servers.everything?.status).toBe('connected');
    off();
  });
});
