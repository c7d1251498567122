import { beforeEach, describe, expect, it } from 'vitest';
import { eventNames, type EventName, type EventPayload } from '../../shared/contract';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { ServerView } from '../../shared/schemas/server';
import { eventHandlers, handleEvent, type EventHandlers } from './events';
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
