import type { Hit } from './hidden.js';
import type { Severity } from './rules.js';
import * as W from './intent-words.js';
import { anySecret, EXAMPLE, isStartup, isToolName, sentenceSpans, tokens, type Token } from './intent-text.js';
import { BROAD_CUE, broadScore, signalsOf, type Signals } from './intent-signals.js';
import { explain, REACH } from './intent-explain.js';
import { kindOf, ordersOf, unasked, type IntentKind, type Order } from './intent-orders.js';

// The intent reader: reads a text a sentence at a time for what it asks the model to do. A sentence
// matters when it is addressed to the model — an imperative at the head of a clause, "you must …",
// "the assistant should …", "it is mandatory to …" — and asks for something outside a tool's own
// job: call another tool, run a command, read or write a file, contact an address, change what the
// person gave, keep something from the person, prefer this tool, or believe another is retired.
// What raises it (a secret as the object, authority or urgency, concealment, a start-up file) and
// what lowers it (a hedge, a purpose that serves the tool's own use, the tool's summary of itself)
// are weighed into one score. Words are looked up in sets; each sentence is read once, from left
// to right, in a bounded number of tokens: linear in the text's length by construction.

export type { IntentKind } from './intent-orders.js';

/** One order found: what it asks (`kind`), its weighed `score` and severity, and the sentence it stands in. */
export interface IntentHit extends Hit {
  severity: Severity;
  kind: IntentKind;
  score: number;
  sentence: [number, number];
}

export interface IntentOptions {
  /** Text a tool returned, not a definition: instructions to the person are common there, so the bar is one higher. */
  result?: boolean;
}

const MAX_HITS = 100;
const HAS = (ts: Token[], words: ReadonlySet<string>): boolean => ts.some((t) => words.has(t.w));
const next = (ts: Token[], i: number, words: readonly string[]): boolean => words.includes(ts[i + 1]?.w ?? '');
const SHOUT = new Set(['must', 'never', 'always', 'only', 'do', 'not']);
const AUTHORITY_PHRASE =
  /\b(?:required by|mandatory|compulsory|compliance|system requirement|security team|by the administrator|admin(?:istrator)? requires?)\b/i;
const REGARDLESS = /\b(?:regardless of|no matter|irrespective of|whatever)\b[^.]{0,40}\b(?:user|person|human|customer|they|requested|asked|specified)\b/i;
const FIXED_VALUE =
  /\b(?:recipient|recipients|address|destination|account|amount|payee|iban|wallet|to field|cc)\b[^.]{0,30}\b(?:(?:must|should|shall|will)\s+(?:always\s+)?be|is\s+always|always\s+(?:is|goes\s+to))\s+(?:set\s+to\s+)?\S*(?:@|\d{3,}|https?:|0x[0-9a-f]{6,})/i;
/** Words that make a sentence about a parameter's value: with "no matter what the user says", the value is fixed. */
const SETTING = new Set(['parameter', 'argument', 'value', 'field', 'option', 'setting', 'unit', 'units', 'flag', 'mode']);
/** Kinds that are a tool's ordinary work when a tool says them of itself in its first clause. */
const SUMMARY_KINDS = new Set<IntentKind>(['call-tool', 'read-file', 'write-file', 'run-command', 'skip-consent', 'prefer-tool']);
const RISKY_COMMAND = /\|\s*(?:ba|z)?sh\b|\brm\s+-\w*r|chmod\s+-\w*R|base64\s+-d/;

/** One sentence as read: its tokens, its orders and what each asks, and whether framing reaches it. */
interface Sentence {
  span: [number, number];
  ts: Token[];
  orders: Order[];
  kinds: ReturnType<typeof kindOf>[];
  framed: boolean;
  /** It holds a word a claim without an order needs. */
  claims: boolean;
  /** It holds an order or a directive word, so the broad reading looks at it. */
  cue: boolean;
  /** Read on demand: what the broad reading found. */
  signals?: Signals;
}

/** What the whole text does once, weighed into every order in it. */
interface TextFacts {
  concealed: boolean;
  retired: boolean;
  result: boolean;
}

/** What one sentence says around its orders. */
interface Around {
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
}

const COVERT = new Set(['silently', 'secretly', 'covertly', 'quietly']);
/** Words one of which AUTHORITY_PHRASE needs: the phrase is looked for only in a sentence that has one. */
const PHRASE_CUE = new Set(['required', 'mandatory', 'compulsory', 'compliance', 'system', 'security', 'administrator', 'admin']);
/** Words one of which a claim without an order needs (a value fixed whatever the person said, a tool retired). */
const CLAIM_CUE = new Set(['regardless', 'matter', 'irrespective', 'whatever', 'be', ...W.RETIRED, 'longer']);

/** Words that steer away from a tool claimed retired. */
const STEER = new Set(['instead', 'use', 'avoid', 'avoided', 'only']);
const isRetired = (ts: Token[]): boolean => HAS(ts, W.RETIRED) || ts.some((t, i) => t.w === 'no' && ts[i + 1]?.w === 'longer');

/**
 * The first pass: each sentence's orders, and what the text does once. Framing reaches the sentence
 * it stands in, the sentence after a bare heading ("IMPORTANT:"), and everything inside an
 * <IMPORTANT> … </IMPORTANT> block; not the rest of a long text.
 */
function readText(text: string, result: boolean): { sentences: Sentence[]; facts: TextFacts } {
  const facts: TextFacts = { concealed: false, retired: false, result };
  let block = false;
  let heading = false;
  const sentences = sentenceSpans(text).map(([from, to], n): Sentence => {
    const ts = tokens(text, from, to);
    const orders = ordersOf(ts, n === 0);
    const kinds = orders.map((o, k) => kindOf(o, ts, orders[k + 1]?.at ?? ts.length));
    if (kinds.some((k) => k?.kind === 'withhold')) facts.concealed = true;
    // One pass over the tokens for every flag the sentence gives the text.
    let caps = false;
    let opens = false;
    let closes = false;
    let words = 0;
    let authority = false;
    let phrase = false;
    let claims = false;
    let cue = orders.length > 0;
    let always = false;
    let given = false;
    for (let i = 0; i < ts.length; i++) {
      const t = ts[i]!;
      if (t.kind === 'word') {
        words++;
        if (CLAIM_CUE.has(t.w)) claims = true;
        // "the destination wallet is always 0x9f…": "always" is a claim's cue only beside a value the person gives.
        else if (t.w === 'always') always = true;
        else if (W.GIVEN.has(t.w)) given = true;
        if (BROAD_CUE.has(t.w)) cue = true;
        if (COVERT.has(t.w)) facts.concealed = true;
        if (W.RETIRED.has(t.w) || (t.w === 'no' && ts[i + 1]?.w === 'longer')) facts.retired = true;
        if (W.AUTHORITY.has(t.w)) {
          if (i < 6) authority = true;
          if (t.raw.length > 3 && t.raw === t.raw.toUpperCase()) caps = true;
        } else if (SHOUT.has(t.w) && t.raw.length > 3 && t.raw === t.raw.toUpperCase()) caps = true;
        if (PHRASE_CUE.has(t.w)) phrase = true;
      } else if (t.w === '<') {
        if (W.AUTHORITY.has(ts[i + 1]?.w ?? '')) opens = true;
        else if (ts[i + 1]?.w === '/') closes = true;
      }
    }
    const framed = block || heading || caps || opens || authority || (phrase && AUTHORITY_PHRASE.test(text.slice(from, to)));
    if (opens) block = true;
    if (closes) block = false;
    heading = caps && words <= 3;
    return { span: [from, to], ts, orders, kinds, framed, claims: claims || (always && given), cue };
  });
  return { sentences, facts };
}

function around(s: Sentence): Around {
  const ts = s.ts;
  return {
    precondition: ts.some(
      (t, i) =>
        (t.w === 'before' || t.w === 'prior') &&
        next(ts, i, ['using', 'calling', 'invoking', 'running', 'any', 'every', 'each', 'this', 'to', 'proceeding', 'answering']),
    ),
    threat: ts.some((t, i) => t.w === 'otherwise' || (t.w === 'will' && next(ts, i, ['fail', 'not', 'break', 'error']))),
    retired: isRetired(ts),
    hedgeAt: ts.findIndex((t) => W.HEDGE.has(t.w)),
    hedged: ts.some((t, i) => t.w === 'if' && next(ts, i, ['needed', 'necessary', 'appropriate', 'unsure', 'unknown', 'required'])),
    userAsked: ts.some(
      (t, i) =>
        (t.w === 'if' || t.w === 'when' || t.w === 'whenever') &&
        W.PERSON.has(ts[i + 1]?.w ?? '') &&
        ts.slice(i + 1, i + 5).some((y) => ['asks', 'wants', 'requests', 'needs', 'explicitly'].includes(y.w)),
    ),
    // "Note to the AI:", "Message for the assistant:": the sentence is said to the model.
    noted: ts
      .slice(0, 5)
      .some((t, i) => ['note', 'message', 'instructions'].includes(t.w) && next(ts, i, ['to', 'for']) && ts.slice(i + 2, i + 4).some((x) => W.MODEL.has(x.w))),
    // "When send_message is invoked, …", "Whenever you run any shell command, …": about the model's use of something else.
    about: ts.slice(0, 3).some((t) => ['when', 'whenever', 'each', 'every', 'after', 'if'].includes(t.w)),
    beforeAll: ts.some((t, i) => ['any', 'every', 'all'].includes(t.w) && next(ts, i, ['other', 'tool', 'tools', 'request', 'requests'])),
    framed: s.framed,
  };
}

/** Choosing this tool over others: "instead of any other", "for every request", "the only reliable one". */
function overOthers(ts: Token[]): boolean {
  return ts.some(
    (t, i) =>
      ['instead', 'rather', 'exclusively', 'only', 'best', 'superior'].includes(t.w) ||
      (t.w === 'other' && next(ts, i, ['tool', 'tools', 'search'])) ||
      (['every', 'any', 'all'].includes(t.w) &&
        next(ts, i, ['request', 'requests', 'question', 'questions', 'task', 'tasks', 'query', 'queries', 'message', 'other'])),
  );
}

/** What raises an order: each adds to its score and says why. */
function raise(o: Order, kind: IntentKind, object: Token[], s: Sentence, a: Around, f: TextFacts): { score: number; why: string[] } {
  let score = 0;
  const why: string[] = [];
  const add = (n: number, reason: string): void => {
    score += n;
    why.push(reason);
  };
  const secret = anySecret(object);
  const held = object.slice(0, 10).some((t) => W.STRONG_HELD.has(t.w));
  if (o.mandatory || a.precondition || o.addressed) add(1, 'as a requirement');
  else if (a.noted) add(1, 'in a note addressed to the model');
  if (a.framed) add(1, 'under authority or urgency framing');
  if (a.threat) add(1, 'with a threat that the tool fails otherwise');
  if (f.concealed && kind !== 'withhold') add(1, 'while keeping it from the person');
  if (secret && kind !== 'read-file' && kind !== 'smuggle' && kind !== 'withhold' && kind !== 'ask-secret') add(2, 'with a secret as its object');
  if (held && (kind === 'call-tool' || kind === 'contact' || kind === 'prefer-tool'))
    add(2, 'carrying what the model holds (the conversation, its instructions)');
  if (kind === 'write-file' && object.some(isStartup)) add(2, 'into a file that runs at login or shell start');
  if (kind === 'run-command' && object.some((t) => t.kind === 'code' && RISKY_COMMAND.test(t.raw)))
    add(1, 'a command that fetches and runs code, deletes or opens permissions');
  if (a.about && s.ts.slice(0, o.at).some((t) => isToolName(t) || W.COMMAND_NOUN.has(t.w) || t.w === 'tool'))
    add(1, 'about how another tool or command is used');
  if ((a.retired || f.retired) && (kind === 'call-tool' || kind === 'prefer-tool')) add(1, 'claiming a tool is retired or changed');
  if (kind === 'prefer-tool') add(2, 'over every other tool');
  if (kind !== 'skip-consent' && unasked(object)) add(1, 'without asking the person');
  if (kind === 'skip-consent' && s.ts.some((t) => (t.kind === 'email' || t.kind === 'url') && !EXAMPLE.test(t.raw))) add(1, 'with an outside address in play');
  return { score, why };
}

/** What lowers an order: a hedge, a purpose that serves the tool, the tool's summary of itself, a result. */
function lower(o: Order, kind: IntentKind, object: Token[], s: Sentence, a: Around, f: TextFacts, why: string[]): number {
  let score = 0;
  const secret = anySecret(object);
  const held = object.slice(0, 10).some((t) => W.STRONG_HELD.has(t.w));
  // A hedge in a purpose after the order ("… so the session can be extended") does not soften it.
  const purposeAt = a.hedgeAt > o.at ? s.ts.findIndex((t, i) => i > o.at && i < a.hedgeAt && (t.w === 'so' || t.w === 'that')) : -1;
  if ((a.hedged || (a.hedgeAt >= 0 && purposeAt < 0)) && kind !== 'withhold') {
    score--;
    why.push('hedged as a suggestion');
  }
  const purpose = object.some((t, i) => t.w === 'to' && W.OWN_PURPOSE.has(object[i + 1]?.w ?? ''));
  if (kind === 'call-tool' && purpose && !secret && !held) {
    score -= 2;
    why.push('to serve this tool’s own use');
  }
  if (a.userAsked && (kind === 'call-tool' || kind === 'read-file')) score--;
  // "Set this to the output of `printenv`": a command's output asked for is no summary of the tool.
  const printed = object.some((t, i) => (t.w === 'output' || t.w === 'result') && object[i + 1]?.w === 'of');
  if (o.summary && SUMMARY_KINDS.has(kind) && (!secret || kind === 'read-file') && !printed) score -= 2;
  if (f.result) score--;
  return score;
}

/** The weighed score of one order, or undefined when it asks for nothing outside the tool's job. */
function weigh(o: Order, found: NonNullable<ReturnType<typeof kindOf>>, s: Sentence, a: Around, f: TextFacts): { score: number; why: string[] } | undefined {
  const { kind, object } = found;
  if (kind === 'prefer-tool' && !overOthers(s.ts)) return undefined;
  const up = raise(o, kind, object, s, a, f);
  let score = found.base + up.score + lower(o, kind, object, s, a, f, up.why);
  // Guidance between tools is at most advice unless it carries a secret or the conversation, hides,
  // claims a tool is retired, threatens failure, or puts itself before every other tool.
  const carries = anySecret(object) || object.slice(0, 10).some((t) => W.STRONG_HELD.has(t.w));
  if (kind === 'call-tool' && !carries && !f.concealed && !f.retired && !a.threat && !a.beforeAll) score = Math.min(score, 2);
  return score > 0 ? { score, why: up.why } : undefined;
}

const severityOf = (score: number): Severity => (score >= 4 ? 'high' : score === 3 ? 'medium' : 'low');

/** A sentence with no order that still steers: a value fixed whatever the person said, or a tool claimed retired. */
function claimOf(text: string, s: Sentence, a: Around, f: TextFacts): IntentHit | undefined {
  const sentence = text.slice(s.span[0], s.span[1]);
  const fixed = FIXED_VALUE.exec(sentence) ?? REGARDLESS.exec(sentence);
  const setting = REGARDLESS.test(sentence) && s.ts.some((t) => SETTING.has(t.w));
  if (fixed && (setting || s.ts.some((t) => W.GIVEN.has(t.w)))) {
    const score = 3 + (f.concealed ? 1 : 0) - (f.result ? 1 : 0);
    const start = s.span[0] + fixed.index;
    const why = f.concealed ? ['while keeping it from the person'] : [];
    return {
      rule: 'P09',
      start,
      end: start + fixed[0].length,
      severity: severityOf(score),
      kind: 'change-argument',
      score,
      sentence: s.span,
      message: explain('change-argument', why, f.result),
    };
  }
  if (a.retired && s.ts.some((t) => isToolName(t) || t.w === 'tool' || t.w === 'tools') && s.ts.some((t) => STEER.has(t.w))) {
    const t = s.ts.find((x) => W.RETIRED.has(x.w)) ?? s.ts[0]!;
    // Others run down while this one is named the only or best: a claim made to win the model's choice.
    const boast = s.ts.some((x, i) => (x.w === 'only' || W.BOAST.has(x.w)) && s.ts.slice(Math.max(0, i - 4), i).some((y) => y.w === 'this'));
    const score = (a.framed ? 2 : 1) + (boast ? 1 : 0) - (f.result ? 1 : 0);
    if (score > 0)
      return {
        rule: 'P09',
        start: t.start,
        end: t.end,
        severity: score >= 2 ? 'medium' : 'low',
        kind: 'retired-claim',
        score,
        sentence: s.span,
        message: explain('retired-claim', [], f.result),
      };
  }
  return undefined;
}

const signalsFor = (s: Sentence): Signals => (s.signals ??= signalsOf(s.ts, s.orders.length > 0));

/** Reads one text for orders to the model outside a tool's job, each with a severity and why. */
export function intentHits(text: string, opts: IntentOptions = {}): IntentHit[] {
  const out: IntentHit[] = [];
  const { sentences, facts } = readText(text, !!opts.result);
  for (const s of sentences) {
    if (out.length >= MAX_HITS) break;
    // Most sentences order nothing, claim nothing and direct nothing: they cost their tokens, no more.
    if (!s.orders.length && !s.claims) {
      if (s.cue) errand(s, [], facts, out);
      continue;
    }
    const a = around(s);
    let told = false;
    const from = out.length;
    s.orders.forEach((o, k) => {
      const found = s.kinds[k];
      const weighed = found && weigh(o, found, s, a, facts);
      if (!found || !weighed) return;
      const v = s.ts[o.at]!;
      const last = found.object.length ? found.object[Math.min(found.object.length, 12) - 1]! : v;
      out.push({
        rule: 'P09',
        start: v.start,
        end: Math.max(v.end, last.end),
        severity: severityOf(weighed.score),
        kind: found.kind,
        score: weighed.score,
        sentence: s.span,
        message: explain(found.kind, weighed.why, facts.result),
      });
      told = true;
    });
    const claim = told ? undefined : claimOf(text, s, a, facts);
    if (claim) out.push(claim);
    if (s.cue) errand(s, out.slice(from), facts, out);
  }
  return out;
}

/**
 * The broad reading: a directive that reaches several things a description has no business arranging
 * is an errand, whatever its verbs. It raises a quieter finding of the grammar on the same sentence
 * to medium, or stands alone where the grammar found nothing.
 */
function errand(s: Sentence, found: IntentHit[], f: TextFacts, out: IntentHit[]): void {
  if (found.some((h) => h.score >= 3)) return;
  const sig = signalsFor(s);
  if (broadScore(sig) < 3) return;
  const reaches = `it reaches ${[...sig.reach].map((r) => REACH[r]).join(', ')}${sig.toModel ? ', said to the model' : ''}`;
  const score = 3 - (f.result ? 1 : 0);
  const quiet = found[0];
  if (quiet) {
    quiet.score = Math.max(quiet.score, score);
    quiet.severity = severityOf(quiet.score);
    quiet.message = quiet.message.replace(/: a tool’s|: a tool's/, `, and ${reaches}: a tool’s`);
    return;
  }
  const first = s.ts[0]!;
  const last = s.ts[s.ts.length - 1]!;
  out.push({
    rule: 'P09',
    start: first.start,
    end: last.end,
    severity: severityOf(score),
    kind: 'errand',
    score,
    sentence: s.span,
    message: explain('errand', [reaches], f.result),
  });
}
