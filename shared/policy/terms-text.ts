import type { AskTerms } from '../schemas/policy.js';

/** Who may decide a call an ask holds, in words: for `policy explain`, the approval dialog and the agent's notice. */
export function whoDecides(terms: AskTerms | undefined): string {
  if (!terms) return 'one person decides (on a team service: any approver)';
  const parts = [
    terms.quorum > 1 ? `${terms.quorum} different people must approve` : 'one person approves',
    ...terms.deciders.map((list) => `someone of ${list.join(' or ')}`),
    ...(terms.notRequester ? ['not the person who asked, nor the owner of the agent that asked'] : []),
  ];
  return parts.join('; ');
}
