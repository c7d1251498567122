import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Approval, DecideInput } from '../../../shared/schemas/call.js';
import type { Voter } from './ask-terms.js';
import type { Requester } from '../../../shared/schemas/requester.js';

/** The calls other instances of a team service hold (team/shared-queue.ts). */
export interface SharedApprovals {
  others(): Approval[];
  /** A decision from this instance's pages, taken where the call is held, claimed in the store first. */
  decide(input: DecideInput, voter?: Voter): Promise<Approval>;
}

/** What holds the calls waiting for a person (the calls concern's CallManager). */
export interface ApprovalQueue {
  pending(): Approval[];
  decide(input: DecideInput, by: 'user', voter?: Voter): Approval | Promise<Approval>;
}

/**
 * The approval gate's queue: what waits for a person, and their decision (always a person's, 'user', when asked through
 * here; on a team service, the signed-in person's, named on the approval, the call and the audit log).
 */
export function approvalHandlers(
  d: { calls: ApprovalQueue; shared?: () => SharedApprovals | undefined },
  requester: Requester,
  member?: { roles: readonly string[]; groups: readonly string[] },
): HandlersOf<NamesIn<'approvals'>> {
  const person = requester.kind === 'console' ? requester.person : undefined;
  const voter = person && { person, roles: member?.roles ?? [], groups: member?.groups ?? [] };
  return {
    // On several instances (a team's shared store): the calls the others hold too, decided where they are held.
    'approvals.pending': () => {
      const shared = d.shared?.();
      return shared ? [...d.calls.pending(), ...shared.others()] : d.calls.pending();
    },
    'approvals.decide': (i) => {
      const shared = d.shared?.();
      return shared ? shared.decide(i, voter) : d.calls.decide(i, 'user', voter);
    },
  };
}
