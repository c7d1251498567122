import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Approval, DecideInput } from '../../../shared/schemas/call.js';

/** What holds the calls waiting for a person (the calls concern's CallManager). */
export interface ApprovalQueue {
  pending(): Approval[];
  decide(input: DecideInput, by: 'user'): Approval | Promise<Approval>;
}

/**
 * The approval gate's queue: what waits for a person, and their decision (always a person's, 'user', when asked through
 * here).
 */
export function approvalHandlers(d: { calls: ApprovalQueue }): HandlersOf<NamesIn<'approvals'>> {
  return {
    'approvals.pending': () => d.calls.pending(),
    'approvals.decide': (i) => d.calls.decide(i, 'user'),
  };
}
