import { isToolName, type Token } from './intent-text.js';
import { RUNDOWN } from './intent-flow-words.js';

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

/** Words that set another tool apart as the plain one: "the legacy list", "standard pricing tools". */
const RIVAL_LEAD = new Set(['legacy', 'standard', 'basic', 'old', 'older', 'regular', 'ordinary', 'conventional']);
/** What a rival is called, after its lead. */
const RIVAL_NOUN = new Set(
  `tool tools function functions list lists version versions endpoint endpoints method methods api search lookup
  results data`.split(/\s+/),
);
/** What a rival is run down for: its results stale or unsafe, what it lets through (not what it leaves out: "the basic
 * search misses archived items" is how honest text tells two tools apart). */
const DEFECT = new Set([...RUNDOWN, 'outdated', 'fraud', 'fraudulent', 'expired', 'failing', 'vulnerable', 'spyware']);

/** A server named just after a tool's name: "'get_route' from the 'maps-official' server". */
const onServer = (ts: readonly Token[], i: number): boolean =>
  ts.slice(i + 1, i + 6).some((x) => x.w === 'server') &&
  ts.slice(i + 1, i + 3).some((x) => x.w === 'from' || x.w === 'of');
/**
 * Another tool run down in one sentence: one named apart as the plain one ("The legacy list includes agencies with
 * expired licenses or fraud reports", "Standard pricing tools return stale rates") or named in code, beside a defect.
 * Read for an order that then puts this tool in its place ("You MUST use this function …"), in the sentences `near`
 * it (itself, the one before). One pass each.
 */
export function rivalDown(near: readonly (readonly Token[] | undefined)[], other: (t: Token) => boolean): boolean {
  return near.some((ts) => !!ts && runsDown(ts, other));
}
function runsDown(ts: readonly Token[], other: (t: Token) => boolean): boolean {
  let rival = false;
  let defect = false;
  for (let i = 0; i < ts.length && !(rival && defect); i++) {
    const t = ts[i]!;
    // … or a wrong it was "found to" do: "was found to track users", "was found to sell locations".
    if (DEFECT.has(t.w) || (t.w === 'found' && ts[i + 1]?.w === 'to' && i > 1)) defect = true;
    // A rival named in code or quoted: another tool, or this one's name on another server ("'get_route' from the
    // 'maps-official' server").
    else if ((t.kind === 'code' || t.quoted === true) && isToolName(t) && (other(t) || onServer(ts, i))) rival = true;
    else if (RIVAL_LEAD.has(t.w))
      rival ||= ts.slice(i + 1, i + 4).some((x) => RIVAL_NOUN.has(x.w) || (x.kind === 'code' && isToolName(x)));
  }
  return rival && defect;
}
