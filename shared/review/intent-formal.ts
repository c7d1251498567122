import { set } from './intent-words.js';

// Duties said in the formal register generated poisonings are written in: "the assistant is advised to …", "it is of
// paramount importance that the assistant …". Read by the order grammar (intent-addressed.ts) and the broad reading
// (intent-signals.ts, intent-reach-flows.ts); sets and bounded looks.

/** What makes "is" a duty laid on the model: "the assistant is expected to …", "is advised to …", "is always …". */
export const LAID = set(`required expected obliged instructed always advised encouraged asked directed supposed urged
  requested told`);

/** "… is to", "… is advised to", "… are expected to": a duty laid on whoever is named before `j`. */
export const laidTo = (ts: readonly { w: string }[], j: number): boolean =>
  ts[j]?.w === 'to' || (LAID.has(ts[j]?.w ?? '') && ts[j + 1]?.w === 'to');

/** What makes a that-clause a duty: "it is essential that …", "of paramount importance that …". */
const WEIGHTY = set(`important essential imperative crucial vital critical necessary mandatory required recommended
  advised advisable expected preferred importance paramount desirable practice needed`);
/**
 * "It is highly recommended that the assistant …", "It is of paramount importance that, upon obtaining the profile,
 * the assistant verifies …": a duty said as the weight of a that-clause whose subject stands at `i`. Bounded: the
 * "that" at most fourteen words back.
 */
export function weightyThat(ts: readonly { w: string }[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(1, i - 14); k--)
    if (ts[k]!.w === 'that')
      return WEIGHTY.has(ts[k - 1]!.w) && ts.slice(Math.max(0, k - 5), k).some((x) => x.w === 'is');
  return false;
}
