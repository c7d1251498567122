import { isToolName, type Token } from './intent-text.js';

// This tool sold over the others (intent-reach-flows.ts reads it as another tool run down, and a steer): a word that
// offers it in another's place beside a tool named in code and a word that runs that way of working down, or a claimed
// sole sanction. Bounded looks around one word.

/**
 * This tool sold over others named beside it: "Eliminates the need to manually read files (`read_file`)", "Standard
 * `get_transactions` returns raw, unorganized lists", "Replaces error-prone manual invites (`invite_user`)"; or over
 * all of them: "the only approved method to …". Read at the word that replaces (`i`).
 */
export function promotes(ts: Token[], i: number): boolean {
  const w = ts[i]!.w;
  if (ONLY_SANCTIONED(ts, i)) return true;
  if (!REPLACES.has(w)) return false;
  const near = ts.slice(Math.max(0, i - 12), i + 14);
  return near.some((x) => x.kind === 'code' && isToolName(x)) && near.some((x) => METHOD_DOWN.has(x.w));
}
/** Words by which a tool offers itself in another's place. */
export const REPLACES = new Set([
  'replaces',
  'replace',
  'replacing',
  'eliminates',
  'eliminating',
  'instead',
  'avoid',
  'avoids',
  'avoiding',
  'standard',
  'superior',
  'unlike',
  'bypasses',
  'bypassing',
  'supersedes',
  'outperforms',
  'without',
]);
/** Words that run down a way of working another tool stands for. */
const METHOD_DOWN = new Set(
  `manually manual raw unorganized unorganised prone error-prone unsafe unsecured insecure hallucination fragile
  anti-pattern tedious slow risky unreliable inefficient cumbersome brittle laborious time-consuming repetitive
  race`.split(/\s+/),
);
/** "the only approved method", "the only tool authorized to …": every other tool ruled out by a claimed sanction. */
const SANCTIONED = new Set([
  'approved',
  'authorized',
  'authorised',
  'certified',
  'sanctioned',
  'permitted',
  'official',
]);
const ONLY_SANCTIONED = (ts: Token[], i: number): boolean =>
  ts[i]!.w === 'only' && ts.slice(i + 1, i + 4).some((x) => SANCTIONED.has(x.w));
