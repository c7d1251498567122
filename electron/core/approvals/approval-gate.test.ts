import { describe, expect, it, vi } from 'vitest';
import { ApprovalGate, type ApprovalFields } from './approval-gate.js';

const fields = (over: Partial<ApprovalFields> = {}): ApprovalFields => ({
  callId: 'c',
  serverId: 's',
  serverIdentity: 'id',
  tool: 't',
  requestedBy: { kind: 'console' },
  argsJson: '{}',
  argsHash: 'h1',
  fingerprint: 'f1',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  trusted: false,
  risk: { level: 'unknown', openWorld: true, trusted: false, reasons: [] },
  validationErrors: [],
  ...over,
});

describe('ApprovalGate', () => {
  it('refuses a decision naming other arguments, and leaves the approval pending', () => {
    const g = new ApprovalGate(() => {});
    const a = g.open(fields(), 60_000);
    expect(() => g.decide({ approvalId: a.id, decision: 'approve', argsHash: 'other', scope: 'once' })).toThrow(
      expect.objectContaining({ code: 'args-mismatch' }),
    );
    expect(g.get(a.id)?.status).toBe('pending');
  });
  it('decides once', () => {
    const g = new ApprovalGate(() => {});
    const a = g.open(fields(), 60_000);
    g.decide({ approvalId: a.id, decision: 'approve', argsHash: 'h1', scope: 'once' });
    expect(() => g.decide({ approvalId: a.id, decision: 'approve', argsHash: 'h1', scope: 'once' })).toThrow(
      expect.objectContaining({ code: 'already-decided' }),
    );
  });
  it('expires a pending approval and refuses a late decision', () => {
    vi.useFakeTimers();
    try {
      const expired = vi.fn();
      const g = new ApprovalGate(expired);
      const a = g.open(fields(), 1000);
      vi.advanceTimersByTime(1001);
      expect(expired).toHaveBeenCalledOnce();
      expect(g.get(a.id)?.status).toBe('expired');
      expect(() => g.decide({ approvalId: a.id, decision: 'approve', argsHash: 'h1', scope: 'once' })).toThrow(
        expect.objectContaining({ code: 'already-decided' }),
      );
      expect(g.pending()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
  it('lists what is pending in the order opened, and counts it per server, as approvals are decided, voided and expire', () => {
    vi.useFakeTimers();
    try {
      const g = new ApprovalGate(() => {});
      const decided = Array.from({ length: 1200 }, () => g.open(fields({ serverId: 'old' }), 60_000));
      for (const a of decided) g.decide({ approvalId: a.id, decision: 'deny', argsHash: 'h1', scope: 'once' });
      const [a, b, c, d] = [
        g.open(fields({ serverId: 's' }), 1000),
        g.open(fields({ serverId: 't' }), 60_000),
        g.open(fields({ serverId: 's' }), 60_000),
        g.open(fields({ serverId: 's' }), 60_000),
      ];
      expect(g.pending().map((x) => x.id)).toEqual([a!.id, b!.id, c!.id, d!.id]);
      expect([g.pendingFor('s'), g.pendingFor('t'), g.pendingFor('old')]).toEqual([3, 1, 0]);
      g.void(c!.id);
      g.decide({ approvalId: b!.id, decision: 'approve', argsHash: 'h1', scope: 'once' });
      vi.advanceTimersByTime(1001); // a expires
      expect(g.pending().map((x) => x.id)).toEqual([d!.id]);
      expect([g.pendingFor('s'), g.pendingFor('t')]).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
