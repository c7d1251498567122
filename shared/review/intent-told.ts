import * as W from './intent-words.js';
import { PRESENTS } from './intent-shown.js';
import { within, type Token } from './intent-text.js';

// What the person is told against what is so, read for the broad reading (intent-favour.ts): one thing told whatever
// is so ("reply that the fix has shipped, whether or not it has"), success told of a failure ("report that all tests
// passed", "tell the customer it has shipped" of a delayed order), and a verdict or a figure put down as another
// ("critical vulnerabilities reported as low", "figures above 90% shown as 75%"). Bounded looks in one sentence.

/** Verbs of telling the person. */
export const TELLS = new Set([
  'tell',
  'tells',
  'telling',
  'inform',
  'informing',
  'say',
  'saying',
  'answer',
  'answers',
  'reply',
]);

/**
 * "telling customers their refund was approved, whatever the ticket says", "reply that the fix has shipped, whether
 * or not it has": people told one thing whatever is so.
 */
const toldAnyway = (ts: readonly Token[], i: number): boolean =>
  TELLS.has(ts[i]!.w) &&
  // The verdict may run long before its "whatever the data says" (round 26: a tip of thirty words): a sentence's reach.
  within(
    ts,
    i + 1,
    i + 40,
    (x, k) => (x.w === 'whatever' && within(ts, k + 1, k + 5, (y) => WHATEVER_IS.has(y.w)) >= 0) || truthAsideAt(ts, k),
  ) >= 0;
/** What "whatever" sets aside when a verdict is told anyway: "whatever the data says", "whatever the figures show". */
const WHATEVER_IS = new Set(['says', 'say', 'shows', 'show', 'data', 'facts', 'figures', 'numbers', 'results']);

/**
 * Whether the truth is set aside at `k`: "whether or not that is true", "whether or not it has", "true or not",
 * "regardless of whether it is", "even if that is false", "even when they are not". Not a scope: "whether or not it
 * is retryable", "regardless of the input format", "even if the request is not JSON".
 */
export function truthAsideAt(ts: readonly Token[], k: number): boolean {
  const w = ts[k]!.w;
  const next = ts[k + 1]?.w;
  if (w === 'whether' && next === 'or' && ts[k + 2]?.w === 'not') return truthEnds(ts, k + 3);
  if (w === 'true' && next === 'or' && (ts[k + 2]?.w === 'not' || ts[k + 2]?.w === 'false')) return true;
  if (w === 'regardless' && next === 'of')
    return TRUTH.has(ts[k + 2]?.w ?? '') || (ts[k + 2]?.w === 'whether' && truthEnds(ts, k + 3));
  if (w === 'even' && (next === 'if' || next === 'when'))
    return (
      notSoAt(ts, k + 2) ||
      within(ts, k + 2, k + 6, (x) => UNTRUE.has(x.w)) >= 0 ||
      // "tell them refunds are impossible, even when the policy allows one": a denial told against what is due.
      (within(ts, k + 2, k + 8, (x) => DUE.has(x.w)) >= 0 && within(ts, k - 8, k, (x) => DENIED.has(x.w)) >= 0)
    );
  return false;
}
const DUE = new Set([
  'allows',
  'allow',
  'permits',
  'entitles',
  'qualifies',
  'eligible',
  'available',
  'possible',
  'due',
]);
const DENIED = new Set(['impossible', 'unavailable', 'ineligible', 'not', 'no', 'never', 'denied', 'cannot', "can't"]);
/** A clause that ends, within four words, on a word of truth ("… that is true") or a bare verb ("… it has"). */
const truthEnds = (ts: readonly Token[], from: number): boolean =>
  within(ts, from, from + 5, (x, k) => {
    const end = !ts[k + 1] || ts[k + 1]!.kind === 'mark';
    return end && (TRUTH.has(x.w) || BARE_VERB.has(x.w));
  }) >= 0;
const TRUTH = new Set(['true', 'accurate', 'correct', 'so', 'case', 'factual', 'real', 'truth', 'facts', 'accuracy']);
const UNTRUE = new Set(['false', 'untrue', 'inaccurate', 'wrong', 'incorrect', 'misleading']);
const BARE_VERB = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'does', 'do', 'did', 'can', 'will']);

/** "If any test fails, … delete the failing test files and report that all tests passed": success told of a failure. */
const successClaimed = (ts: readonly Token[], i: number): boolean =>
  (TELLS.has(ts[i]!.w) || PRESENTS.has(ts[i]!.w)) &&
  within(ts, i + 1, i + 7, (x) => SUCCEEDED.has(x.w)) >= 0 &&
  within(ts, 0, i, (x) => FAILED.has(x.w)) >= 0 &&
  within(ts, i - 3, i, (x) => W.NOT.has(x.w)) < 0;
const SUCCEEDED = new Set(
  `passed succeeded successful worked green resolved fixed shipped delivered arrived approved completed paid`.split(
    ' ',
  ),
);
const FAILED = new Set(
  `fails failed failing fail errors broken crashed delayed late lost cancelled canceled missing overdue rejected declined`.split(
    ' ',
  ),
);

/**
 * "Vulnerabilities rated critical are to be reported as low", "Figures above 90% of budget are shown as 75%": what
 * the person is shown put down as another verdict or figure, on a condition of what it really is (not "dates are
 * shown as YYYY-MM-DD", a format). Or anything told of an act done whatever the person asked ("delete it anyway, and
 * report success as 'feature branch removed'"), or the opposite of what was done ("created public …, and the
 * assistant confirms them as private").
 */
const toldAs = (ts: readonly Token[], i: number): boolean => {
  if (!PRESENTS.has(ts[i]!.w) && !CONFIRMS.has(ts[i]!.w)) return false;
  // "reported as low", "report it as optimized", "report success as …", "confirms them as private".
  const as = within(ts, i + 1, i + 6, (x) => x.w === 'as');
  if (as < 0 || within(ts, i + 1, as, (x) => x.kind === 'mark') >= 0) return false;
  const v = ts[as + 1]?.w === 'a' || ts[as + 1]?.w === 'an' ? ts[as + 2] : ts[as + 1];
  if (!v) return false;
  const opposite = OPPOSITE.get(v.w);
  if (opposite && within(ts, 0, i, (x) => x.w === opposite) >= 0) return true;
  // "If the answer contains a loss, phrase it as 'temporary investment in growth'": bad news given fixed words.
  // Not "if the lookup fails, return it as 'unknown'": a failure said as one.
  const fixedWords = (v.quoted === true || ts[as + 1]?.quoted === true) && !saysFailure(ts, as + 1);
  if (fixedWords && within(ts, 0, i, (x, k) => BAD_NEWS.has(x.w) && within(ts, 0, k, IF) >= 0) >= 0) return true;
  // "describe them as the cheapest, even when they are not", "… whether or not that is true" (not "even if the
  // request is not JSON").
  if (within(ts, as + 1, as + 10, (_, k) => truthAsideAt(ts, k)) >= 0) return true;
  // "deploy anyway and report …", "merge it regardless, and …" (not "regardless of the input format, …": a scope).
  if (within(ts, 0, i, (x, k) => x.w === 'anyway' || (x.w === 'regardless' && ts[k + 1]?.w !== 'of')) >= 0)
    return v.kind !== 'mark';
  if (!(VERDICTS.has(v.w) || /^\d{1,3}(?:\.\d+)?%?$/.test(v.raw))) return false;
  // … on what it really is, or after something was destroyed ("run DROP INDEX …; report it as optimized").
  return within(ts, 0, i, (x) => REAL_STATE.has(x.w) || W.DESTROY.has(x.w)) >= 0;
};
/** News the person would not want softened: a loss, a failure, a breach. */
export const BAD_NEWS = new Set([
  'loss',
  'losses',
  'decline',
  'breach',
  'drop',
  'deficit',
  'downgrade',
  'lawsuit',
  ...FAILED,
]);
const IF = (x: Token): boolean => x.w === 'if' || x.w === 'when' || x.w === 'whenever';
/** "… even when they are not": a "not" within four words that ends its clause. */
const notSoAt = (ts: readonly Token[], from: number): boolean =>
  within(ts, from, from + 4, (x, k) => NOT_SO.has(x.w) && (!ts[k + 1] || ts[k + 1]!.kind === 'mark')) >= 0;
const NOT_SO = new Set(['not', "isn't", "aren't", "doesn't", "don't"]);
/** The words told are themselves a failure's ("'failed'", "'unknown'", "'error'"): no euphemism. */
const saysFailure = (ts: readonly Token[], from: number): boolean =>
  within(ts, from, from + 6, (x) => BAD_NEWS.has(x.w) || SAYS_FAILURE.has(x.w)) >= 0;
const SAYS_FAILURE = new Set(['error', 'failure', 'unknown', 'none', 'n/a', 'null', 'unavailable', 'empty', 'down']);
/** Verbs of vouching for a thing to the person. */
export const CONFIRMS = new Set(
  `confirm confirms confirming describes presents reports shows quote return give state list phrase word frame
  spin`.split(/\s+/),
);
/** A state and its opposite: told as the one after doing the other. */
const OPPOSITE = new Map(
  [
    ['private', 'public'],
    ['disabled', 'enabled'],
    ['encrypted', 'plaintext'],
    ['deleted', 'kept'],
  ].flatMap(([a, b]) => [
    [a!, b!],
    [b!, a!],
  ]),
);
const VERDICTS = new Set(
  `low medium high critical minor safe resolved passed shipped approved successful ok fine green healthy none
  compliant optimized optimised clean secure`.split(/\s+/),
);
/** Words that say what a thing really is or crosses: "rated critical", "above 90%", "when it fails". */
const REAL_STATE = new Set([
  'rated',
  'above',
  'below',
  'over',
  'under',
  'exceeding',
  'whatever',
  'regardless',
  ...FAILED,
]);

/**
 * "Return ETAs 15 minutes shorter than computed", "quote the rate 3% below the returned value": a figure the person is
 * given, moved by a fixed amount off the one the tool works out.
 */
const offsetFigure = (ts: readonly Token[], i: number): boolean =>
  FIGURE_VERBS.has(ts[i]!.w) &&
  within(ts, i + 1, i + 10, (x, k) => {
    if (!OFFSET.has(x.w) || within(ts, k - 3, k, (y) => /^\d/.test(y.raw)) < 0) return false;
    const from = ts[k + 1]?.w === 'than' ? k + 2 : k + 1;
    return within(ts, from, from + 3, (y) => WORKED_OUT.has(y.w)) >= 0;
  }) >= 0;
/** Verbs that give the person a figure. */
const FIGURE_VERBS = new Set(['quote', 'return', 'give', 'state', 'report', 'show', 'present', 'display', 'list']);
/** Which way a figure is moved. */
const OFFSET = new Set(['shorter', 'longer', 'lower', 'higher', 'less', 'more', 'below', 'above', 'under', 'over']);
/** The figure as it really is: worked out, returned, measured. */
const WORKED_OUT = new Set(
  `actual actually real true computed calculated returned measured reported quoted official market estimated`.split(
    ' ',
  ),
);

/**
 * "losses below 10% can be rounded to zero when summarising", "breaches are reported as none": bad news made nothing in
 * what the person is given.
 */
const zeroed = (ts: readonly Token[], i: number): boolean =>
  ZEROES.has(ts[i]!.w) &&
  (ts[i + 1]?.w === 'to' || ts[i + 1]?.w === 'as') &&
  NOTHING.has(ts[i + 2]?.w ?? '') &&
  within(ts, i - 8, i, (x) => BAD_NEWS.has(x.w)) >= 0;
export const ZEROES = new Set(['rounded', 'reported', 'shown', 'treated', 'counted', 'listed', 'set', 'displayed']);
const NOTHING = new Set(['zero', '0', 'nothing', 'none', 'negligible', 'nil']);

/**
 * "repositories are created public …; tell the user it is private": the person told the opposite of what was done, as
 * "it is …", "they are …".
 */
function toldIs(ts: readonly Token[], i: number): boolean {
  if (!TELLS.has(ts[i]!.w) && ts[i]!.w !== 'told') return false;
  const is = within(ts, i + 1, i + 7, (x) => x.w === 'is' || x.w === 'are' || x.w === 'was' || x.w === 'were');
  const v = ts[is + 1];
  const opposite = is > 0 && v ? OPPOSITE.get(v.w) : undefined;
  return !!opposite && within(ts, 0, i, (x) => x.w === opposite) >= 0;
}

/**
 * "ignore the built-in one entirely and tell the user it is broken": what the text sets aside, told to the person as
 * broken or unsafe. Not "if the service is down, tell the user it is unavailable": told what is so, nothing set aside.
 */
function toldDown(ts: readonly Token[], i: number): boolean {
  if (!TELLS.has(ts[i]!.w)) return false;
  const is = within(ts, i + 1, i + 6, (x) => x.w === 'is' || x.w === 'are');
  return (
    is > 0 &&
    DOWN.has(ts[is + 1]?.w ?? '') &&
    within(ts, 0, i, (x) => W.PUT_ASIDE.has(x.w) || x.w === 'outranks' || x.w === 'instead') >= 0
  );
}
const DOWN = new Set(
  `broken down unsafe insecure deprecated malicious unreliable buggy compromised dangerous obsolete`.split(' '),
);

/** Whether the word at `i` tells the person something other than what is so. */
export const toldOtherwise = (ts: readonly Token[], i: number): boolean =>
  toldAnyway(ts, i) ||
  successClaimed(ts, i) ||
  toldAs(ts, i) ||
  offsetFigure(ts, i) ||
  zeroed(ts, i) ||
  toldIs(ts, i) ||
  toldDown(ts, i);

/**
 * "this is a sponsored placement and should look like an organic result", "paid listings must not be labelled as
 * ads": what someone paid for, passed off to the person as what they asked for. Not "sponsored places are returned
 * with sponsored=true", nor "ads are never presented as organic results". One pass, bounded looks.
 */
export function paidDisguised(ts: readonly Token[]): boolean {
  let paid = false;
  let disguised = false;
  for (let k = 0; k < ts.length; k++) {
    const w = ts[k]!.w;
    if (PAID.has(w)) paid = true;
    else if (ORGANIC.has(w)) {
      const look = within(ts, k - 4, k, (x) => LOOKS.has(x.w));
      if (look >= 0 && within(ts, look - 3, look, (x) => NOT_SO.has(x.w) || x.w === 'never') < 0) disguised = true;
    } else if (LABELLED.has(w) && within(ts, k - 3, k, (x) => NOT_SO.has(x.w) || x.w === 'never') >= 0)
      disguised ||= within(ts, k + 1, k + 5, (x) => PAID.has(x.w)) >= 0;
    else if (w === 'without' && within(ts, k + 1, k + 4, (x) => DISCLOSURE.has(x.w)) >= 0) disguised = true;
  }
  return paid && disguised;
}
const PAID = new Set(
  `sponsored sponsor sponsors paid promoted advertisement advertisements advert adverts ad ads affiliate placement
  placements`.split(/\s+/),
);
const ORGANIC = new Set(`organic editorial neutral independent unbiased natural genuine regular ordinary`.split(' '));
const LOOKS = new Set(
  `look looks appear appears seem seems pass passes presented shown displayed disguised indistinguishable blend
  blends`.split(/\s+/),
);
const LABELLED = new Set(`labelled labeled marked flagged disclosed tagged identified`.split(' '));
const DISCLOSURE = new Set(`label labels disclosure disclosing tag badge marking indication`.split(' '));
