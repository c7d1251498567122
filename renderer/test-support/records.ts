import type { Approval, CallRecord } from '../../shared/schemas/call';

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

/** A pending approval of a destructive call asked for from the console, for component tests; `over` sets the rest. */
export function pendingApproval(over: Partial<Approval> = {}): Approval {
  return {
    id: 'a1',
    callId: 'c1',
    serverId: 'fx',
    serverIdentity: 'i'.repeat(64),
    tool: 't',
    requestedBy: { kind: 'console' },
    argsJson: '{}',
    argsHash: 'h'.repeat(64),
    fingerprint: 'f'.repeat(64),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    trusted: false,
    risk: { level: 'destructive', openWorld: true, trusted: false, reasons: [] },
    validationErrors: [],
    status: 'pending',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    ...over,
  };
}
