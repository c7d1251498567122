import { isToolName, within, type Token } from './intent-text.js';
import { NOT } from './intent-words.js';

// What a parameter's text describes of its value rather than orders, found raised in honest servers' parameters
// (awslabs', Klavis'): a boolean's meaning ("Whether Amazon EMR should gracefully replace …"), a flag's effect ("Set to
// None to skip bucket owner verification", "If true, disables TLS verification"), an example of the value ("e.g.
// '{"prompt": "Hello"}'"). Each a bounded look back or ahead from one token.

/** The values a flag is set to, and the words that say it is on or off. */
export const FLAG: ReadonlySet<string> = new Set(
  'true false none null yes no 0 1 empty enabled disabled set on off'.split(' '),
);

/** Modals that are a duty, unless a "whether" before them makes them a choice described. */
const MODAL = new Set(['should', 'must', 'might', 'shall', 'ought']);

/**
 * A modal at `i` that a "whether" up to six words before makes a choice described ("whether X should Y"), with no
 * "or not" after the "whether" and no break between: not "Whether or not the user asks, you must …".
 */
export function choiceDescribed(ts: readonly Token[], i: number): boolean {
  if (!MODAL.has(ts[i]!.w)) return false;
  for (let k = i - 1; k >= Math.max(0, i - 6); k--) {
    const t = ts[k]!;
    if (t.kind === 'mark' || t.raw.endsWith(',')) return false;
    if (t.w === 'whether') return ts[k + 1]?.w !== 'or';
  }
  return false;
}

/**
 * The act at `i` said as what a flag of the tool's own does: "Set to None to skip …", "If true, disables …". The
 * parameter's effect, chosen by whoever fills it in, not an act the text takes.
 */
export function flagEffect(ts: readonly Token[], i: number): boolean {
  const at = (k: number, w: string): boolean => ts[k]?.w === w;
  // "Set to true to …", "Set it to true to …".
  const set = at(i - 4, 'set') || (at(i - 5, 'set') && (at(i - 4, 'it') || at(i - 4, 'this')));
  if (i >= 4 && set && at(i - 3, 'to') && FLAG.has(ts[i - 2]!.w) && at(i - 1, 'to')) return true;
  return flagOpens(ts) && i <= 3;
}

/** A sentence that opens on a flag's value ("When true, the hide passwords permission will not allow …"): it says what
 * the tool's own option does, whoever sets it. */
export const flagOpens = (ts: readonly Token[]): boolean =>
  (ts[0]?.w === 'if' || ts[0]?.w === 'when') && FLAG.has(ts[1]?.w ?? '');

/** Words that join a list's members: "do NOT cut, truncate, or omit any data". */
const LIST_JOIN = new Set([',', 'or', 'and', 'nor']);
/**
 * Whether the word at `i` ends a list a negation opens: "do NOT cut, truncate, or omit any data" forbids "omit" as
 * much as "cut". Walks back over the list's joins and words, six tokens at most.
 */
export function listNegated(ts: readonly Token[], i: number): boolean {
  let joined = false;
  for (let k = i - 1; k >= Math.max(0, i - 6); k--) {
    const w = ts[k]!.w;
    if (LIST_JOIN.has(w) || LIST_JOIN.has(ts[k]!.raw)) joined = true;
    else if (NOT.has(w)) return joined;
    else if (ts[k]!.kind !== 'word') return false;
  }
  return false;
}

/** The abbreviations that open an example: not "like" or "such as", with which a text may aim. */
const E_G = new Set(['e.g', 'eg', 'i.e']);

/**
 * Where an example opens between `from` and `to` ("… to the agent, e.g. '{"prompt": …}'", "… to (e.g.,
 * ["alice@attio.com"])"), or `to`: what stands after it is a value shown, not a destination.
 */
export function exampleAt(ts: readonly Token[], from: number, to: number): number {
  for (let k = from; k < Math.min(to, ts.length); k++) if (E_G.has(ts[k]!.w)) return k;
  return to;
}

/** Whether token `k` stands in an example: an "e.g." up to four tokens before it ("(e.g. 'obox-cl*.sys.sessions')"). */
export function inExample(ts: readonly Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 4); j--) if (E_G.has(ts[j]!.w)) return true;
  return false;
}

/** HTTP's methods, as an API's reference names them. */
const METHODS = new Set([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'PURGE',
  'COPY',
  'LOCK',
  'UNLOCK',
  'TRACE',
]);
/** Words that make a method's name a noun: "the PURGE method", "DELETE requests". */
const AS_NOUN = new Set([
  'method',
  'methods',
  'request',
  'requests',
  'verb',
  'verbs',
  'endpoint',
  'endpoints',
  'call',
  'calls',
]);
/**
 * The word at `i` names an HTTP method, not an act: in capitals, in a list of them or before "method", "requests" …
 * ("for the GET, COPY, HEAD, PURGE, and UNLOCK methods"). "DELETE every file" in capitals is still an act.
 */
export function methodName(ts: readonly Token[], i: number): boolean {
  if (!METHODS.has(ts[i]!.raw)) return false;
  const next = ts[i + 1];
  const prev = ts[i - 1];
  return (
    AS_NOUN.has(next?.w ?? '') ||
    next?.raw === ',' ||
    prev?.raw === ',' ||
    ((next?.w === 'and' || next?.w === 'or') && METHODS.has(ts[i + 2]?.raw ?? '')) ||
    ((prev?.w === 'and' || prev?.w === 'or') && METHODS.has(ts[i - 2]?.raw ?? ''))
  );
}

/** A listing, or a tool, that something "does not appear" in: "here", "in agent_catalog", "in the search results". A
 * thing left out of a list is not kept from anyone (intent-fact.ts, keptFrom). */
const LISTS = new Set(['catalog', 'list', 'listing', 'results', 'index', 'dropdown', 'menu', 'picker', 'search']);
export const inAList = (ts: readonly Token[], i: number): boolean => {
  if (ts[i + 1]?.w === 'here') return true;
  if (ts[i + 1]?.w !== 'in') return false;
  const at = ts[i + 2]?.w === 'the' ? i + 3 : i + 2;
  return !!ts[at] && (isToolName(ts[at]!) || LISTS.has(ts[at]!.w));
};

/** A sentence that says what a setting does: it opens on a flag's value, or a value is set "to make" something so. */
export const settingSaid = (ts: readonly Token[]): boolean =>
  flagOpens(ts) ||
  within(
    ts,
    1,
    ts.length,
    (x, k) =>
      x.w === 'to' &&
      ts[k + 1]?.w === 'make' &&
      within(ts, k - 3, k, (y) => /^public(?:-|$)/.test(y.w) || FLAG.has(y.w)) >= 0,
  ) >= 0;
