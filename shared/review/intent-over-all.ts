import { within, type Token } from './intent-text.js';

// Every other tool ruled out or run down (read for intent-advert.ts, advertOf): a claim to take every other's place,
// to be better than all of them, a cost laid on choosing any other, others run down as a kind. Bounded looks.

/** What a claim to be the best of all is a claim about. */
export const THING = new Set(
  `tool tools server servers solution solutions option options choice service services utility utilities api apis
  function functions method methods app apps`.split(/\s+/),
);

const EVERY_ONE = new Set(['all', 'any', 'every']);
const ALTERNATIVE = new Set(['alternative', 'alternatives', 'competitor', 'competitors', 'rival', 'rivals']);
/** Words that name the other tools as a kind: "other tools", "competing navigation tools", "rival apps". */
const RIVAL_WORD = new Set(['other', 'competing', 'rival']);
/** Verbs by which a tool claims to take every other's place. */
const SUPERSEDES = new Set(['supersedes', 'replaces', 'obsoletes', 'outranks', 'outperforms', 'beats', 'surpasses']);
/** Choosing a tool, said as a gerund: "choosing any other …". */
const PICKING = new Set(['choosing', 'using', 'picking', 'selecting', 'calling', 'trying']);
/** What a choice is said to cost. */
const COSTS = new Set(['wastes', 'costs', 'risks', 'endangers', 'loses', 'harms', 'exposes', 'violates', 'breaks']);
/** What other tools are called when run down as a kind. */
const DOWN = new Set(
  `outdated deprecated obsolete unreliable inaccurate stale broken unsafe insecure untrusted unverified malicious
  compromised inferior dangerous`.split(/\s+/),
);
/**
 * Every other tool ruled out or run down: "supersedes all other geocoding tools", "Other quote tools are outdated",
 * "faster than any other OCR tool", "there is no reason to use anything else", "do not use unofficial tools". Not "use
 * `search_code` instead of this tool for …" (one named, scoped), nor "unlike `list_files`, this tool recurses".
 */
export function overAll(ts: readonly Token[], i: number): string | undefined {
  const w = ts[i]!.w;
  const others = (k: number): boolean =>
    (ts[k]?.w === 'all' || ts[k]?.w === 'any' || ts[k]?.w === 'every') && ts[k + 1]?.w === 'other';
  if (SUPERSEDES.has(w) && (others(i + 1) || others(i + 2))) return 'a claim to take every other tool’s place';
  if ((w === 'than' || w === 'above') && others(i + 1) && ts.slice(i + 3, i + 6).some((x) => THING.has(x.w)))
    return 'a claim to be better than every other tool';
  // "rank translate_pro far above every alternative", "better than all competitors".
  if ((w === 'than' || w === 'above') && EVERY_ONE.has(ts[i + 1]?.w ?? '') && ALTERNATIVE.has(ts[i + 2]?.w ?? ''))
    return 'a claim to be better than every other tool';
  // "choosing any other search tool wastes the user's money": a cost laid on every other choice.
  if (PICKING.has(w) && others(i + 1) && ts.slice(i + 3, i + 9).some((x) => COSTS.has(x.w)))
    return 'every other tool said to cost the person';
  if (RIVAL_WORD.has(w) && ts.slice(i + 1, i + 4).some((x) => THING.has(x.w) && x.w.endsWith('s'))) {
    if (ts.slice(i + 2, i + 7).some((x) => DOWN.has(x.w))) return 'every other tool run down as a kind';
    // "all other search tools … must not be used": every other one forbidden by name of its kind.
    // Not for a while ("… must not be used while a migration runs").
    const forbidden = within(ts, i + 2, i + 16, (_, k) => NOT_USED(ts, k));
    if (others(i - 1) && forbidden >= 0 && within(ts, i + 2, i + 20, (x) => FOR_A_WHILE.has(x.w)) < 0)
      return 'every other tool ruled out';
  }
  // "should be selected in preference to any other weather-related tools", "chosen over all other search tools":
  // chosen before every other of its kind, whenever (not "preferred over any other method when the file is large").
  const before = w === 'preference' && ts[i + 1]?.w === 'to' ? i + 2 : w === 'over' ? i + 1 : -1;
  if (before > 0 && others(before) && CHOSEN.has(ts[i - (w === 'over' ? 1 : 2)]?.w ?? ''))
    if (
      within(ts, before + 2, before + 5, (x) => RIVAL_KIND.has(x.w)) >= 0 &&
      within(ts, before + 2, before + 14, (x) => FOR_A_WHILE.has(x.w)) < 0
    )
      return 'a claim to be chosen over every other';
  // "there is no reason to use anything else", "do not use unofficial tools", "never use any other server".
  if (
    (w === 'use' || w === 'call') &&
    ts.slice(Math.max(0, i - 4), i).some((x) => x.w === 'no' || x.w === 'not' || x.w === 'never')
  ) {
    const obj = ts.slice(i + 1, i + 4);
    const every =
      (obj[0]?.w === 'anything' && obj[1]?.w === 'else') ||
      (obj.some((x) => x.w === 'other' || x.w === 'unofficial' || x.w === 'third-party') &&
        ts.slice(i + 1, i + 6).some((x) => THING.has(x.w) && x.w.endsWith('s'))) ||
      // "do not use tools from the github server": another server's tools, all of them.
      (obj[0]?.w === 'tools' &&
        (obj[1]?.w === 'from' || obj[1]?.w === 'of') &&
        within(ts, i + 3, i + 7, (x, k) => SERVER(x, k, ts)) >= 0);
    if (every) return 'every other tool ruled out';
  }
  return undefined;
}

/** A choice said in the passive, just before "over …" or "in preference to …". */
const CHOSEN = new Set(['selected', 'chosen', 'used', 'preferred', 'picked', 'called', 'invoked', 'prioritized']);
const RIVAL_KIND = new Set(`tool tools server servers service services api apis`.split(' '));

/** The words overAll starts at. */
export const OVER_ALL_CUES: ReadonlySet<string> = new Set([
  ...SUPERSEDES,
  ...PICKING,
  ...RIVAL_WORD,
  'above',
  'than',
  'use',
  'call',
  'preference',
  'over',
]);
/** "must not be used", "are not to be called", "should be avoided": a use forbidden, said of the thing used. */
const NOT_USED = (ts: readonly Token[], k: number): boolean =>
  ((ts[k]!.w === 'not' || ts[k]!.w === 'never') &&
    (ts[k + 1]?.w === 'be' || (ts[k + 1]?.w === 'to' && ts[k + 2]?.w === 'be')) &&
    USED.has(ts[k + (ts[k + 1]?.w === 'to' ? 3 : 2)]?.w ?? '')) ||
  (ts[k]!.w === 'be' && (ts[k + 1]?.w === 'avoided' || ts[k + 1]?.w === 'ignored'));
const FOR_A_WHILE = new Set(['while', 'until', 'during', 'unless', 'when', 'before', 'after', 'if']);
const USED = new Set(['used', 'called', 'trusted', 'invoked', 'relied', 'consulted']);
/** Another server: "the github server" (not "this server", "our server", nor "… server to delete files": a scope). */
const SERVER = (x: Token, k: number, ts: readonly Token[]): boolean =>
  (x.w === 'server' || x.w === 'servers') &&
  !/^(?:this|our|same|the)$/.test(ts[k - 1]?.w ?? '') &&
  ts[k + 1]?.w !== 'to';
