import { keepsRecords } from './intent-records.js';
import { preamble } from './intent-job.js';
import * as W from './intent-words.js';
import { sentenceSpans, tokens, unshouted, type Token } from './intent-text.js';
import { type Signals } from './intent-signals.js';
import { BROAD_CUE, followsUp } from './intent-cue.js';
import { otherUseOf, postStepOf, preconditionOf, threatWithin } from './intent-other-use.js';
import { assignmentNamed, HAIL, hailAt, secretAskedFor, spokenToModel } from './intent-spoken.js';
import { factCueAt } from './intent-said-facts.js';
import { hedgedIf, hedgeIndex, isRetired, retiredAt, retiredWord } from './intent-voice.js';
import { kindOf, ordersOf, type IntentKind, type Order } from './intent-orders.js';
import { carryOn, dutyGoesOn, leadOf, type Passed } from './intent-lead-in.js';
import { KEPT_CUE, KEPT_FROM, keptFromPerson, noNeedToTell, stepKept } from './intent-kept.js';
import { orderedInResult } from './intent-shaped.js';
export { aboveAll, overOthers } from './intent-over-others.js';

// The intent reader's first pass (intent.ts weighs what it finds): a text read into sentences, each with its orders
// and what frames it.

export const MAX_HITS = 100;
const next = (ts: Token[], i: number, words: readonly string[]): boolean => words.includes(ts[i + 1]?.w ?? '');
const SHOUT = new Set(['must', 'never', 'always', 'only', 'do', 'not', 'mandatory', 'prerequisite', 'required']);
const AUTHORITY_PHRASE =
  /\b(?:required by|mandatory|compulsory|compliance|system requirement|security team|by the administrator|admin(?:istrator)? requires?)\b/i;
export const REGARDLESS =
  /\b(?:regardless of|no matter|irrespective of|whatever|whichever|instead of)\b[^.]{0,40}\b(?:user|person|human|customer|they|requested|asked|specified|who)\b(?!-)/i;
export const FIXED_VALUE =
  /\b(?:recipient|recipients|address|destination|account|amount|payee|iban|wallet|to field|cc)\b[^.]{0,30}\b(?:(?:must|should|shall|will)\s+(?:always\s+)?be|is\s+always|always\s+(?:is|goes\s+to))\s+(?:set\s+to\s+)?(?:(?:iban|account|wallet|number|address)\s+)?\S*(?:@|\d{3,}|https?:|0x[0-9a-f]{6,})/i;
/** Words that make a sentence about a parameter's value: with "no matter what the user says", the value is fixed. */
export const SETTING = new Set([
  'parameter',
  'argument',
  'value',
  'field',
  'option',
  'setting',
  'unit',
  'units',
  'flag',
  'mode',
]);
/** Kinds that are a tool's ordinary work when a tool says them of itself in its first clause. */
export const SUMMARY_KINDS = new Set<IntentKind>([
  'call-tool',
  'read-file',
  'write-file',
  'run-command',
  'skip-consent',
  'prefer-tool',
]);
export const RISKY_COMMAND = W.RISKY_COMMAND;

/**
 * Whether the word at `i` makes a sentence worth the broad reading though no cue word stands in it: a duty said as a
 * fact ("is to be", "You are …"), another tool's conduct "now", a path or a flag ("~/.bashrc", "/etc/…",
 * "--privileged"), notation (a variable "$STRIPE_KEY", an assignment or a mapping "←", "→"), "when the user …", "true
 * or not", results ranked for or limited to a party by its address, an account written out ("LT12 1000 …"). One look
 * each.
 */
function cueAt(ts: readonly Token[], i: number): boolean {
  const t = ts[i]!;
  const n = ts[i + 1]?.w;
  const c = t.w.charCodeAt(0);
  return (
    ((t.w === 'is' || t.w === 'are') && n === 'to') ||
    (t.w === 'you' && n === 'are') ||
    t.w === 'now' ||
    c === 126 ||
    c === 47 ||
    c === 46 ||
    c === 45 ||
    c === 36 ||
    c === 0x2190 ||
    c === 0x2192 ||
    (t.w === 'when' ? n === 'the' : t.w === 'true' && n === 'or') ||
    // "list results from deals-now.com first", "only return articles from x.com".
    (t.w === 'first' && ts.slice(Math.max(0, i - 3), i).some((x) => x.w.includes('.'))) ||
    (t.w === 'only' && (n === 'return' || n === 'show' || n === 'list')) ||
    factCueAt(ts, i)
  );
}

/** One sentence as read: its tokens, its orders and what each asks, and whether framing reaches it. */
export interface Sentence {
  span: [number, number];
  ts: Token[];
  orders: Order[];
  kinds: ReturnType<typeof kindOf>[];
  framed: boolean;
  /** It holds a word a claim without an order needs. */
  claims: boolean;
  /** It holds an order or a directive word, so the broad reading looks at it. */
  cue: boolean;
  /** It holds a word that hides ("silently", "quietly") or an order to withhold. */
  covert: boolean;
  /** The names the tool itself has (its own, its parameters'): a sentence naming only these names no other tool. */
  own?: () => ReadonlySet<string>;
  /** It says a tool is retired, removed or changed ("deprecated", "no longer"). */
  retires: boolean;
  /** It names the model as the one it speaks to or of ("AI agents reading this", "Assistant, …", "LLMs"). */
  hailed: boolean;
  /** Read on demand: what the broad reading found. */
  signals?: Signals;
  /** A result's sentence read as spoken to the model (spokenHere). */
  spoken?: boolean;
  /** It opens a paragraph: a blank line stands before it. */
  para?: boolean;
}

/** What the whole text does once, weighed into every order in it. */
export interface TextFacts {
  concealed: boolean;
  retired: boolean;
  result: boolean;
  /**
   * The sentence being weighed scores one lower: text a tool returned that does not speak to the model (a README's
   * "run `npm test`" is said to its reader). Set per sentence by the intent reader; a definition's never are.
   */
  lower: boolean;
  /** The sentence that sums the tool up: the first, or the first after a preamble naming the API (`preamble`). */
  lead: number;
}

/** What one sentence says around its orders. */
export interface Around {
  precondition: boolean;
  threat: boolean;
  retired: boolean;
  hedged: boolean;
  /** Where the sentence's first hedge word stands, or -1. */
  hedgeAt: number;
  userAsked: boolean;
  noted: boolean;
  about: boolean;
  beforeAll: boolean;
  framed: boolean;
  /** It opens on another tool's use: "Before using 'list_tables', …". */
  otherUse: boolean;
  /** … an act that is not the tool's own ("Before listing categories, …" in a taxonomy checker). */
  otherAct?: boolean;
  /** It makes the order a step after something: "Upon completion of this function, …" (intent-other-use.ts). */
  postStep?: boolean;
  /** It has the model call another tool to keep a record of this tool's use (intent-records.ts). */
  records?: boolean;
  /** It bounds the tool's use to the tool's own subject, ruling no other out (intent-over-others.ts). */
  ownSubject?: boolean;
  /** It puts this tool before the server's own others ("any other Shopify tools", intent-over-others.ts). */
  ownTools?: boolean;
  /** It, or the sentence before, runs another tool down (intent-promotion.ts, rivalDown). */
  rivalDown?: boolean;
}

const COVERT = new Set(['silently', 'secretly', 'covertly', 'quietly']);
/** Words one of which AUTHORITY_PHRASE needs: the phrase is looked for only in a sentence that has one. */
const PHRASE_CUE = new Set([
  'required',
  'mandatory',
  'compulsory',
  'compliance',
  'system',
  'security',
  'administrator',
  'admin',
]);
/** Words one of which a claim without an order needs (a value fixed whatever the person said, a tool retired). */
const CLAIM_CUE = new Set([
  'regardless',
  'matter',
  'irrespective',
  'whatever',
  'whichever',
  'be',
  ...W.RETIRED,
  'longer',
  'instead',
]);

/** Words that steer away from a tool claimed retired. */
const STEER = new Set(['instead', 'use', 'avoid', 'avoided', 'only', 'replacement', 'successor']);
/** "must not be used", "do not call": a tool ruled out. */
const USED = new Set(['call', 'called', 'use', 'used', 'invoke', 'invoked']);
/** The word at `i` steers the model off a tool or onto another: "instead", "use", "must not be used". */
export const steers = (ts: readonly Token[], i: number): boolean =>
  STEER.has(ts[i]!.w) || (USED.has(ts[i]!.w) && ts.slice(Math.max(0, i - 3), i).some((t) => W.NOT.has(t.w)));

type Read = { sentences: Sentence[]; facts: TextFacts };
/**
 * The first pass: each sentence's orders, and what the text does once. Framing reaches its sentence, the one after a
 * bare heading ("IMPORTANT:") and all of an <IMPORTANT> … </IMPORTANT> block, not the rest of a long text. A list's
 * items are read with their lead-in's verb (intent-lead-in.ts). A `value` (a default, an enum member) has no summary.
 */
export function readText(text: string, result: boolean, own?: () => ReadonlySet<string>, value = false): Read {
  const facts: TextFacts = { concealed: false, retired: false, result, lower: result, lead: value ? -1 : 0 };
  let block = false;
  let heading = false;
  let before: ({ ts: Token[]; duty: boolean } & Passed) | undefined;
  let end = 0;
  const sentences = sentenceSpans(text).map(([from, to], n): Sentence => {
    const para = /\n[ \t]*\n/.test(text.slice(end, from));
    end = to;
    const { ts, shouted } = carryOn(unshouted(tokens(text, from, to)), before);
    const listed = dutyGoesOn(ts, before);
    const orders = ordersOf(ts, n === facts.lead, listed);
    if (n === facts.lead && !orders.length && !result && preamble(text.slice(from, to))) facts.lead++;
    before = { ts, duty: listed, ...leadOf(ts, before) };
    const kinds = orders.map((o, k) => kindOf(o, ts, orders[k + 1]?.at ?? ts.length, own));
    let covert = kinds.some((k) => k?.kind === 'withhold');
    let retires = false;
    if (covert) facts.concealed = true;
    let hailed = false;
    // One pass over the tokens for every flag the sentence gives the text.
    let caps = false;
    let opens = false;
    let closes = false;
    let words = 0;
    let authority = false;
    let phrase = false;
    let claims = false;
    let cue = orders.length > 0 || followsUp(ts); // "So go ahead and upgrade them." (intent-place.ts)
    let always = false;
    let given = false;
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i]!;
      // An address or a code span may be an errand said as a plain fact: the broad reading looks.
      if (t.kind === 'url' || t.kind === 'email' || t.kind === 'code') cue = true;
      if (t.kind === 'word') {
        words++;
        if (CLAIM_CUE.has(t.w)) claims = true;
        // "the destination wallet is always 0x9f…": "always" is a claim's cue only beside a value the person gives.
        else if (t.w === 'always') always = true;
        else if (W.GIVEN.has(t.w)) given = true;
        if (BROAD_CUE.has(t.w)) cue = true;
        // Duties said as facts ("is to be", "You are …"), another tool's conduct "now", a path or a flag.
        else if (!cue && cueAt(ts, i)) cue = true;
        // "silently" said of what the model does or the person hears, not of a function ("SUM(x) returns 0, silently").
        if (
          (COVERT.has(t.w) && (orders.length > 0 || ts.some((x) => W.PERSON.has(x.w)))) ||
          (KEPT_FROM.has(t.w) && stepKept(ts, i)) ||
          noNeedToTell(ts, i) ||
          (KEPT_CUE.has(t.w) && keptFromPerson(ts, i))
        )
          facts.concealed = covert = true;
        if (HAIL.has(t.w) || (t.w === 'language' && ts[i + 1]?.w.startsWith('model'))) hailed = true;
        if (retiredWord(ts, i) || retiredAt(ts, i)) facts.retired = retires = true;
        const loud = t.raw.length > 3 && (shouted || t.raw === t.raw.toUpperCase());
        if (W.AUTHORITY.has(t.w)) {
          if (i < 6) authority = true;
          if (loud) caps = true;
        } else if (SHOUT.has(t.w) && loud) caps = true;
        if (PHRASE_CUE.has(t.w)) phrase = true;
      } else if (t.w === '<') {
        if (W.AUTHORITY.has(ts[i + 1]?.w ?? '')) opens = true;
        else if (ts[i + 1]?.w === '/') closes = true;
      }
    }
    const framed =
      block || heading || caps || opens || authority || (phrase && AUTHORITY_PHRASE.test(text.slice(from, to)));
    if (opens) block = true;
    if (closes) block = false;
    heading = caps && words <= 3;
    // In what a tool returned, an order said to the model by name or under a framing (intent-shaped.ts); the reader
    // named by what it does to the text ("Models reading this wiki …") hails it too.
    if (result) orderedInResult(orders, kinds, ts, (hailed ||= hailAt(ts) >= 0), framed);
    return {
      span: [from, to],
      ts,
      orders,
      kinds,
      framed,
      claims: claims || (always && given) || retires,
      cue,
      covert,
      retires,
      hailed: hailed || (result && noted(ts)),
      para,
      own,
    };
  });
  return { sentences, facts };
}

/** What one sentence says around its orders; `job`: the tool's own, by its name and summary (intent-job.ts). */
export function around(s: Sentence, job?: () => ReadonlySet<string>): Around {
  const ts = s.ts;
  return {
    precondition: preconditionOf(ts),
    postStep: postStepOf(ts),
    threat:
      ts.some((t, i) => t.w === 'otherwise' || (t.w === 'will' && next(ts, i, ['fail', 'not', 'break', 'error']))) ||
      threatWithin(ts),
    retired: isRetired(ts),
    hedgeAt: hedgeIndex(ts),
    hedged: hedgedIf(ts),
    userAsked: ts.some(
      (t, i) =>
        (t.w === 'if' || t.w === 'when' || t.w === 'whenever') &&
        W.PERSON.has(ts[i + 1]?.w ?? '') &&
        ts.slice(i + 1, i + 5).some((y) => ['asks', 'wants', 'requests', 'needs', 'explicitly'].includes(y.w)),
    ),
    noted: noted(ts),
    // "When send_message is invoked, …", "Whenever you run any shell command, …": about the model's use of something
    // else.
    about: ts.slice(0, 3).some((t) => ['when', 'whenever', 'each', 'every', 'after', 'if'].includes(t.w)),
    beforeAll: ts.some(
      (t, i) => ['any', 'every', 'all'].includes(t.w) && next(ts, i, ['other', 'tool', 'tools', 'request', 'requests']),
    ),
    framed: s.framed,
    otherUse: otherUseOf(ts, s.own),
    records: keepsRecords(ts, s.own, job),
  };
}

/** "Note to the AI:", "Message for the assistant:": the sentence is said to the model. */
function noted(ts: Token[]): boolean {
  return ts.slice(0, 5).some(
    (t, i) =>
      ['note', 'message', 'instructions'].includes(t.w) &&
      // "Note to the AI:", or "Model instructions:" (the hail before the label).
      ((next(ts, i, ['to', 'for']) && ts.slice(i + 2, i + 4).some((x) => W.MODEL.has(x.w))) ||
        (i > 0 && W.MODEL.has(ts[i - 1]!.w) && ts[i + 1]?.raw === ':')),
  );
}

/** Sentences past which a text is long: what it conceals or retires counts near a sentence, not anywhere in it. */
const LONG_TEXT = 12;
/** How many sentences each side of one its concealment or a retirement counts from, in a long text. */
const NEAR = 3;

/** In a long text, "silently" forty lines away says nothing of this sentence: it counts from nearby. Seven looks. */
export function nearHere(f: TextFacts, sentences: readonly Sentence[], n: number): void {
  if (sentences.length <= LONG_TEXT) return;
  f.concealed = f.retired = false;
  for (let k = Math.max(0, n - NEAR); k <= Math.min(sentences.length - 1, n + NEAR); k++) {
    if (sentences[k]!.covert) f.concealed = true;
    if (sentences[k]!.retires) f.retired = true;
  }
}

/**
 * In text a tool returned, what counts is said sentence by sentence: a README's "run `npm test`" is said to its reader,
 * "AI agents reading this page: run …" to the model. A sentence spoken to the model (spokenToModel) scores as a
 * definition's would; any other is at most a note. Concealment counts from the sentence and its neighbours, not from a
 * word anywhere in a long page.
 */
export function spokenHere(f: TextFacts, s: Sentence, before: Sentence | undefined, after: Sentence | undefined): void {
  // "… you MUST go to http://… and …. It is CRITICAL … to complete your task!": the next sentence names the task.
  s.spoken = spokenToModel(s, before) || (!!after && !after.para && assignmentNamed(after.ts));
  f.lower = !s.spoken && !secretAskedFor(s.ts);
  f.concealed = s.covert || before?.covert === true || after?.covert === true;
}
