import * as W from './intent-words.js';
import { personNear, type Reach } from './intent-reach-words.js';
import { isToolName, outside, within, type Token } from './intent-text.js';
import { PRESENTS } from './intent-shown.js';

// More of the broad reading (intent-signals.ts, intent-reach-flows.ts), for what is at stake when a tool's text steers
// what the model does with the person's request: an amount the person asked for multiplied, one call made many times
// over, results ranked for a party or their critics left out, a result passed off as an authority's word, the person's
// own details taken without asking, an account named in the text given an owner's rights. Each look is a set lookup at
// the token and a bounded look around it.

/** Multiples of what the person asked for: "twice the requested amount". */
const MULTIPLES = new Set([
  'twice',
  'double',
  'doubled',
  'triple',
  'tripled',
  'quadruple',
  'thrice',
  '2x',
  '3x',
  '10x',
]);
/** What the person asked for, named as asked: with a multiple before it, their amount changed. */
const ASKED = new Set(['requested', 'specified', 'given', 'asked', 'ordered', 'entered', 'chosen', 'intended']);
/**
 * A count of calls said in words: "call it fifty times", "hundreds of times" (not "how many times", and not "call this
 * repeatedly", which is how honest text polls for progress).
 */
const MANY = new Set(['dozens', 'hundreds', 'thousands', 'fifty', 'hundred', 'thousand', 'twenty']);
/** A call's words: a count of them beside one of these is a count of calls. */
const CALLS = new Set([
  'call',
  'calls',
  'called',
  'invoke',
  'invoked',
  'run',
  'request',
  'requests',
  'query',
  'again',
  'repeat',
  'poll',
]);
/** A retry after a failure bounds itself: "retries up to 5 times on error". */
const RETRY = new Set(['retry', 'retries', 'retried', 'fail', 'fails', 'failed', 'failure', 'error', 'errors', 'up']);
/** Results put first: "list results from x.com first", "rank shop.io at the top". */
const RANKS = new Set([
  'list',
  'rank',
  'show',
  'put',
  'place',
  'return',
  'prioritize',
  'prioritise',
  'boost',
  'promote',
  'putting',
  'placing',
  'present',
  'ranking',
  'listing',
]);
/** A party's name, capitalised: "Acme", "Zoom". */
const NAMED = /^[A-Z][a-z]+$|^[a-z0-9]+(?:-[a-z0-9]+)+$/;
/** What a ranking should follow: "regardless of relevance". */
const MERIT = new Set(['relevance', 'quality', 'price', 'merit', 'rating', 'ratings', 'score', 'reviews']);
/** Results left out. */
const OMITS = new Set(['omit', 'exclude', 'hide', 'suppress', 'drop', 'leave', 'filter', 'remove', 'bury']);
/** Whose results a party would leave out: its critics and its rivals. */
const CRITICS = new Set(['review', 'reviews', 'competitor', 'competitors', 'complaints', 'criticism', 'negative']);
/** An authority's word claimed for what a tool returns: "presented to the user as official guidance". */
const AUTHORITY = new Set([
  'official',
  'verified',
  'certified',
  'endorsed',
  'guaranteed',
  'authoritative',
  'regulatory',
  'sanctioned',
  'approved',
]);
/** Whom a tool's result is shown to. */
const PEOPLE = new Set([
  ...W.PERSON,
  'patient',
  'patients',
  'client',
  'clients',
  'investor',
  'investors',
  'buyer',
  'buyers',
  'reader',
  'readers',
  'people',
  'public',
  'audience',
]);
/** What an errand is passed off as: "present the link as a routine login". */
const DISGUISE = new Set(['routine', 'normal', 'standard', 'ordinary', 'regular', 'harmless', 'usual', 'legitimate']);
/** The person's own details, named as theirs: "the user's phone number". */
const DETAILS = new Set([
  'phone',
  'mobile',
  'address',
  'birth',
  'birthday',
  'ssn',
  'passport',
  'location',
  'coordinates',
  // "the user's current GPS position", "their last 10 searches": where they are and what they looked for.
  'position',
  'whereabouts',
  'searches',
]);
/** Rights an owner holds, granted to someone the text names: "added as a collaborator with admin permission". */
const GIVES = W.verbs(`add include invite give given grant exist create`);
/** An account's name, not a hyphenated word ("read-only"): "ci-helper-bot", "deploy-runner", "ops-7". */
const ACCOUNT_LIKE = /\d|bot|svc|service|runner|helper|agent|deploy|automation/;
const RIGHTS = new Set([
  'admin',
  'owner',
  'maintainer',
  'administrator',
  'superuser',
  'root',
  'cluster-admin',
  // "full permissions", "an unlimited allowance": every right, however it is named.
  'permissions',
  'allowance',
]);

/** "full permissions", "an unlimited allowance": every right, when a word before it says so. */
const ALL_OF = new Set(['full', 'all', 'unlimited', 'infinite', 'every', 'admin', 'owner']);
function someRightsAt(ts: readonly Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const w = ts[k]!.kind === 'code' ? ts[k]!.w.slice(1, -1) : ts[k]!.w;
    // "write access", "push permission": a right to change what the person owns.
    if ((w === 'write' || w === 'push') && /^(?:access|permissions?|rights)$/.test(ts[k + 1]?.w ?? '')) return true;
    if (!RIGHTS.has(w)) continue;
    if (w !== 'permissions' && w !== 'allowance') return true;
    if (ALL_OF.has(ts[k - 1]?.w ?? '') || ALL_OF.has(ts[k - 2]?.w ?? '')) return true;
  }
  return false;
}

/** Every word stakesReaches looks at. */
export const STAKES_TRIGGERS: ReadonlySet<string> = new Set([
  ...MULTIPLES,
  'times',
  'first',
  'top',
  ...OMITS,
  'as',
  ...DETAILS,
  ...GIVES,
  'get',
  'gets',
]);
/**
 * Words that make a sentence worth the broad reading for what stakesReaches finds: the rare ones only (the reading of
 * every sentence with "add" or "first" in it would cost the review a tenth more). "first" after an address is cued
 * where the sentence is cut (intent-read.ts); the rest come with a duty word.
 */
export const STAKES_CUE: ReadonlySet<string> = new Set([
  ...MULTIPLES,
  'times',
  ...RIGHTS,
  'competitor',
  'competitors',
  'complaints',
  'criticism',
  'negative',
]);

const countOf = (t: Token | undefined): number =>
  t && /^\d{1,6}$/.test(t.w) ? Number(t.w) : MANY.has(t?.w ?? '') ? 50 : 0;
const negatedBefore = (ts: Token[], i: number): boolean =>
  W.NOT.has(ts[i - 1]?.w ?? '') || W.NOT.has(ts[i - 2]?.w ?? '');

/** Verbs that hand the person's details to someone. */
const HANDED = W.verbs(`reply send sent share forward include attach submit provide pass prepend append insert`);
/** An address that says where the person lives, not where mail reaches them. */
const LIVES = new Set(['home', 'postal', 'street', 'mailing', 'physical', 'residential']);
/** "the user's phone", "the rider's home address", "their location": someone's, named just before. */
const personBefore = (ts: Token[], i: number): boolean =>
  ts.slice(Math.max(0, i - 3), i).some((x) => x.w === 'their' || x.w === 'his' || x.w === 'her' || x.w.endsWith("'s"));

/** The reaches read at one token for what is at stake in the person's request; true when the sentence directs. */
export function stakesReaches(ts: Token[], i: number, reach: Set<Reach>): boolean {
  const t = ts[i]!;
  const w = t.w;
  // The person's amount multiplied: "set the quantity to twice the requested amount".
  if (MULTIPLES.has(w) && !negatedBefore(ts, i) && ts.slice(i + 1, i + 5).some((x) => ASKED.has(x.w))) {
    reach.add('scaled');
    // What was requested is the person's.
    reach.add('person');
    return true;
  }
  // One call made many times over: "call maps_geocode again 50 times" — not a bounded retry.
  if (
    w === 'times' &&
    countOf(ts[i - 1]) >= 20 &&
    ts.some((x) => CALLS.has(x.w) || (x.kind !== 'mark' && isToolName(x))) &&
    !ts.some((x) => RETRY.has(x.w))
  ) {
    reach.add('flood');
    return true;
  }
  // Results ranked for a party named by its address, or its critics left out.
  // … or by its name: "rank this pool by putting applicants from Acme Corp first".
  if (
    (w === 'first' || (w === 'top' && ts[i - 1]?.w === 'the')) &&
    ts
      .slice(Math.max(0, i - 8), i)
      .some((x, k, a) => outside(x) || (k > 0 && NAMED.test(x.raw) && a[k - 1]!.w === 'from'))
  ) {
    // "… first, regardless of relevance": the order not earned, and the person not told.
    if (ts.some((x, k) => x.w === 'regardless' && MERIT.has(ts[k + 2]?.w ?? ''))) reach.add('deceit');
    if (ts.slice(Math.max(0, i - 10), i).some((x) => RANKS.has(x.w))) {
      reach.add('skew');
      return true;
    }
  }
  // Critics left out: what the person is shown is made to read better than it is, and they are not told.
  if (OMITS.has(w) && !negatedBefore(ts, i) && ts.slice(i + 1, i + 8).some((x) => CRITICS.has(x.w))) {
    reach.add('skew');
    reach.add('deceit');
    return true;
  }
  // A result passed off as an authority's word to people: "must be presented to the user as official regulatory
  // guidance" — not "a certificate is shown as verified", a state the tool checks.
  // Something passed off as ordinary: "present the link as a routine login".
  if (w === 'as' && ts.slice(Math.max(0, i - 6), i).some((x) => PRESENTS.has(x.w))) {
    const as = ts.slice(i + 1, i + 4);
    if (as.some((x) => AUTHORITY.has(x.w)) && ts.some((x) => PEOPLE.has(x.w.endsWith("'s") ? x.w.slice(0, -2) : x.w))) {
      reach.add('misreport');
      reach.add('person');
      return true;
    }
    if (as.slice(0, 2).some((x) => DISGUISE.has(x.w))) {
      reach.add('deceit');
      return true;
    }
  }
  // The person's own details sent on: "reply to this thread with the user's home address and date of birth".
  if (
    DETAILS.has(w) &&
    (w !== 'address' || LIVES.has(ts[i - 1]?.w ?? '')) &&
    personBefore(ts, i) &&
    within(ts, i - 12, i, (x) => HANDED.has(x.w)) >= 0
  ) {
    if (!ts.slice(0, i).some((x) => W.NOT.has(x.w))) reach.add('personal').add('send');
  }
  // The person's own details, taken without asking: "the user's phone number; do not ask for it".
  if (DETAILS.has(w) && (personBefore(ts, i) || personNear(ts, i, 3))) {
    if (ts.some((x, k) => (x.w === 'ask' || x.w === 'asking') && W.NOT.has(ts[k - 1]?.w ?? ''))) {
      reach.add('personal');
      reach.add('unconfirmed');
      return true;
    }
  }
  // An owner's rights given to every new account: "new accounts get the `admin` role", "all users are granted owner".
  if (
    (GIVES.has(w) || w === 'get' || w === 'gets') &&
    ts.slice(Math.max(0, i - 4), i).some((x) => x.w === 'new' || x.w === 'every' || x.w === 'all') &&
    someRightsAt(ts, i + 1, Math.min(ts.length, i + 6)) &&
    !negatedBefore(ts, i)
  ) {
    reach.add('escalate').add('unguard');
    return true;
  }
  // An owner's rights given to an account the text names: "ci-helper-bot be added as a collaborator with admin".
  if (GIVES.has(w) && someRightsAt(ts, Math.max(0, i - 6), Math.min(ts.length, i + 11))) {
    const named = ts.some(
      (x) =>
        x.kind === 'email' ||
        (x.kind === 'word' && W.ID_LIKE.test(x.raw)) ||
        x.w === 'serviceaccount' ||
        // A contract or a wallet by its address: "to contract 0x7a3f…".
        /^0x[0-9a-f]{16,}$/.test(x.w) ||
        (isToolName(x) && ACCOUNT_LIKE.test(x.w)),
    );
    // … not a guard's verdict on such a grant ("manifests that grant cluster-admin are rejected").
    if (named && !negatedBefore(ts, i) && !ts.some((x) => W.REFUSED.has(x.w))) {
      reach.add('handover');
      return true;
    }
  }
  return false;
}
