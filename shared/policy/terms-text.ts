import type { AskTerms } from '../schemas/policy.js';

/** Who may decide a call an ask holds, in words: for `policy explain`, the approval dialog and the agent's notice. */
export function whoDecides(terms: AskTerms | undefined): string {
  if (!terms) return 'one person decides (on a team service: any approver)';
  const parts = [
    terms.approvers > 1 ? `${terms.approvers} different people must approve` : 'one person approves',
    ...terms.deciders.map((list) => `someone of ${list.join(' or ')}`),
    ...(terms.separateDuties ? ['not the person who asked, nor the owner of the agent that asked'] : []),
  ];
  return parts.join('; ');
}
