import type { CallRecord } from '../../shared/schemas/call';

/** A finished call asked for from the console, for component and store tests; `over` sets what the test is about. */
export function doneCall(over: Partial<CallRecord> = {}): CallRecord {
  return {
    id: 'c1',
    serverId: 'fx',
    tool: 't',
    argsJson: '{}',
    argsHash: 'h',
    fingerprint: 'f',
    requestedBy: { kind: 'console' },
    state: 'done',
    outcome: 'ok',
    requestedAt: new Date().toISOString(),
    ...over,
  };
}
