import type { Approval, DecideInput } from '../../../shared/schemas/call.js';
import type { Person } from '../../../shared/schemas/person.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { CoreError } from '../support/index.js';

/** Who decides, as a team service knows them: the person, their roles and their groups. */
export interface Voter {
  person: Person;
  roles: readonly string[];
  groups: readonly string[];
}

/** The person a call is for: the signed-in person who asked, or the owner of the agent that did. */
export function personOf(r: Requester): Person | undefined {
  if (r.kind === 'console') return r.person;
  if (r.kind === 'agent') return r.owner;
  return undefined;
}

/**
 * Checks a decision against the terms of the ask that holds the call (policy rules' `quorum`, `notRequester`,
 * `deciders`); throws saying which term refuses it. Without terms, anyone who may decide decides alone. Terms need
 * people: a decision with no signed-in person (a desktop, `--yes`) may deny such a call, never approve it.
 */
export function checkTerms(a: Approval, input: DecideInput, voter: Voter | undefined): void {
  const terms = a.rule?.terms;
  if (!terms) return;
  const rule = `rule ${a.rule!.id}`;
  const approve = input.decision === 'approve';
  if (!voter) {
    if (approve)
      throw new CoreError(
        'needs-people',
        `${rule} asks ${terms.quorum > 1 ? `${terms.quorum} different people` : 'a named person'} to approve this call; approve it on the team service, where people sign in (nothing was sent)`,
      );
    return;
  }
  if (approve && input.scope !== 'once')
    throw new CoreError('once-only', `${rule} asks its people about every call: approve it once (no standing grant)`);
  for (const list of terms.deciders)
    if (!list.some((d) => matches(d, voter)))
      throw new CoreError(
        'not-a-decider',
        `${rule} lets only ${list.join(' or ')} decide this call; ${voter.person.name} is none of them`,
      );
  const asker = personOf(a.requestedBy);
  if (approve && terms.notRequester && asker?.subject === voter.person.subject)
    throw new CoreError(
      'separate-duties',
      `${rule} keeps duties apart: ${voter.person.name} asked for this call (or owns the agent that did), so someone else approves it`,
    );
  if (approve && (a.votes ?? []).some((v) => v.person.subject === voter.person.subject))
    throw new CoreError(
      'already-voted',
      `${voter.person.name} already approved this call; ${rule} needs ${terms.quorum} different people`,
    );
}

/** Whether one entry of `deciders` names this voter: a group (`sre`, or `group:sre`), or a role (`role:approver`). */
function matches(entry: string, voter: Voter): boolean {
  if (entry.startsWith('role:')) return voter.roles.includes(entry.slice(5));
  return voter.groups.includes(entry.startsWith('group:') ? entry.slice(6) : entry);
}

/** How many approvals the call still needs after this one (0: it is approved). */
export function stillNeeded(a: Approval): number {
  return Math.max(0, (a.rule?.terms?.quorum ?? 1) - (a.votes?.length ?? 0));
}
