import { sentenceHit, type IntentHit } from './intent-hit.js';
import type { Sentence } from './intent-read.js';
import { isToolName, type Token } from './intent-text.js';

// A tool that claims to take the place of other tools it lists ("this interface supersedes the following discrete
// tools: 1. `get_hotels_prices` … 2. `reserve_hotel` …"): a shortcut sold to the model over the tools it would
// otherwise call, said as a lead-in and a list, so no one sentence holds both. Read at a lead-in that ends on a colon;
// the list is looked at over a bounded number of sentences.

/** Words by which a text says it takes other tools' place. */
const TAKES_PLACE = new Set([
  'supersede',
  'supersedes',
  'replace',
  'replaces',
  'replacement',
  'consolidates',
  'obsoletes',
  'subsumes',
]);
/** How many sentences after a lead-in its list is looked for in (a number alone is a sentence of its own). */
const LIST_REACH = 24;

/** The tools a list after the lead-in at `n` names first in its items; 0 when `n` is no such lead-in. */
function listed(sentences: readonly Sentence[], n: number): number {
  const s = sentences[n]!;
  if (s.ts[s.ts.length - 1]?.raw !== ':') return 0;
  const heading = sentences[n - 1]?.ts;
  const lead = s.ts.some((t) => TAKES_PLACE.has(t.w)) || (!!heading && heading.length <= 6 && heading.some(takes));
  if (!lead) return 0;
  let count = 0;
  for (let k = n + 1; k < sentences.length && k <= n + LIST_REACH; k++) {
    const ts = sentences[k]!.ts.filter((t) => t.kind !== 'mark' && !/^\d{1,2}$/.test(t.raw));
    if (!ts.length) continue;
    if (ts[0]!.kind !== 'code' || !isToolName(ts[0]!)) break;
    count++;
  }
  return count;
}
const takes = (t: Token): boolean => TAKES_PLACE.has(t.w);

/**
 * A tool's description that lists two or more tools it claims to take the place of: medium, on the lead-in. Pushes the
 * finding and says whether it did (told once a text with a sale, intent-advert.ts `sells`).
 */
export function replacesListed(sentences: readonly Sentence[], n: number, out: IntentHit[]): boolean {
  const count = listed(sentences, n);
  if (count < 2) return false;
  out.push(
    sentenceHit(
      sentences[n]!,
      'prefer-tool',
      3,
      `claims to take the place of the ${count} tools it lists: a shortcut sold to the model over the tools it would ` +
        'call, not what this tool does',
    ),
  );
  return true;
}
