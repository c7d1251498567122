import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { Elicitations } from './elicitations.js';

/** What servers ask the person, and the answers given on behalf of `requester`. */
export function elicitationHandlers(
  d: { elicitations: Elicitations },
  requester: Requester,
): HandlersOf<NamesIn<'elicitations'>> {
  return {
    'elicitations.list': () => d.elicitations.list(),
    'elicitations.answer': (i) => d.elicitations.answer(i, requester),
  };
}
