import * as W from './intent-words.js';
import { secretAskedFor } from './intent-spoken.js';
import { anySecret, calledSecret, EXAMPLE, isStartup, isToolName, returnedSecret, type Token } from './intent-text.js';
import { broadScore, type Reach, type Signals } from './intent-signals.js';
import {
  answeredNo,
  underForbidding,
  pointedBack,
  chosenByPerson,
  mayPlace,
  placed,
  signalsFor,
  valueWords,
  type IntentOptions,
} from './intent-place.js';
import { explain, REACH } from './intent-explain.js';
import { mayBeAct, namedAct, stem } from './intent-job.js';
import { ownSubject, ownTools } from './intent-over-others.js';
import { askedFirst, mediumAtMost, wished } from './intent-voice.js';
import { sells } from './intent-advert.js';
import { sentenceReadings } from './intent-answer.js';
import { callSentAway, claimOf, claimsAfter, namedRetired } from './intent-claims.js';
import { lowered, severityOf, type IntentHit } from './intent-hit.js';
import { anotherServer, byRecords, callRaises, lifted, ownPurpose, threatAfter, widened } from './intent-other-use.js';
import { elsewhere, otherName, purposeWord, theirsCarried, wishClauseEnd } from './intent-occasion.js';
import { rivalDown } from './intent-promotion.js';
import { ownProvider } from './intent-provider.js';
import { type kindOf, unasked, type IntentKind, type Order } from './intent-orders.js';
import {
  type Around,
  MAX_HITS,
  RISKY_COMMAND,
  SUMMARY_KINDS,
  type Sentence,
  type TextFacts,
  around,
  nearHere,
  spokenHere,
  aboveAll,
  overOthers,
  readText,
} from './intent-read.js';

// The intent reader: reads a text a sentence at a time for what it asks the model to do. A sentence matters when it is
// addressed to the model — an imperative at the head of a clause, "you must …", "the assistant should …", "it is
// mandatory to …" — and asks for something outside a tool's own job: call another tool, run a command, read or write a
// file, contact an address, change what the person gave, keep something from the person, prefer this tool, or believe
// another is retired. What raises it (a secret as the object, authority or urgency, concealment, a start-up file) and
// what lowers it (a hedge, a purpose that serves the tool's own use, the tool's summary of itself) are weighed into one
// score. Words are looked up in sets; each sentence is read once, left to right, in a bounded number of tokens: linear.

export type { IntentKind } from './intent-orders.js';
export type { IntentHit } from './intent-hit.js';
export type { IntentOptions } from './intent-place.js';

/** What raises an order: each adds to its score and says why. */
function raise(
  o: Order,
  kind: IntentKind,
  object: Token[],
  s: Sentence,
  a: Around,
  f: TextFacts,
): { score: number; why: string[] } {
  let score = 0;
  const why: string[] = [];
  const add = (n: number, reason: string): void => {
    score += n;
    why.push(reason);
  };
  const secret = secretIn(kind, object, s);
  const held = W.heldIn(object);
  if (o.mandatory || a.precondition || o.addressed) add(1, 'as a requirement');
  else if (a.noted) add(1, 'in a note addressed to the model');
  if (a.framed) add(1, 'under authority or urgency framing');
  if (a.threat) add(1, 'with a threat that the tool fails otherwise');
  if (f.concealed && kind !== 'withhold') add(1, 'while keeping it from the person');
  if (secret && kind !== 'read-file' && kind !== 'smuggle' && kind !== 'withhold' && kind !== 'ask-secret')
    add(2, 'with a secret as its object');
  // A login tool's text may ask for the password; what a tool returned, said to the model, never has to: phishing.
  const asksPerson = object.slice(0, 3).some((t) => W.PERSON.has(t.w));
  if (kind === 'ask-secret' && f.result && !f.lower && asksPerson)
    add(1, 'in what a tool returned, where no step needs it');
  if (held && (kind === 'call-tool' || kind === 'contact' || kind === 'prefer-tool'))
    add(2, 'carrying what the model holds (the conversation, its instructions)');
  if (kind === 'write-file' && object.some(isStartup)) add(2, 'into a file that runs at login or shell start');
  if (kind === 'run-command' && object.some((t) => t.kind === 'code' && RISKY_COMMAND.test(t.raw)))
    add(1, 'a command that fetches and runs code, deletes or opens permissions');
  if (a.otherUse) add(1, a.otherAct ? 'laid on an act that is not the tool’s own' : 'laid on another tool’s use');
  else if (a.about && s.ts.slice(0, o.at).some((t) => isToolName(t) || W.COMMAND_NOUN.has(t.w) || t.w === 'tool'))
    add(1, 'about how another tool or command is used');
  for (const [n, reason] of callRaises(o, kind, object, a, s.own, f.lead < 0)) add(n, reason);
  // … the more when the replacement is another server's: an honest server retires its tools for its own.
  if ((a.retired || f.retired) && (kind === 'call-tool' || kind === 'prefer-tool'))
    add(anotherServer(s.ts) || namedRetired(s.ts, s.own) ? 2 : 1, 'claiming a tool is retired or changed');
  const over = a.rivalDown ? 'in the place of a tool it runs down' : 'over every other tool';
  if (kind === 'prefer-tool') add((aboveAll(s.ts) ? 3 : 2) + (a.rivalDown ? 1 : 0), over);
  if (kind !== 'skip-consent' && unasked(object)) add(1, 'without asking the person');
  if (kind === 'skip-consent' && s.ts.some((t) => (t.kind === 'email' || t.kind === 'url') && !EXAMPLE.test(t.raw)))
    add(1, 'with an outside address in play');
  return { score, why };
}

/** A secret among an order's object; in a call to another tool, a bare "key" among words of data is none. */
const secretIn = (kind: IntentKind, object: Token[], s: Sentence): boolean =>
  kind === 'call-tool'
    ? calledSecret(object, s.ts)
    : anySecret(object) && !(kind === 'write-file' && returnedSecret(object));

/** What lowers an order: a hedge, a purpose that serves the tool, the tool's summary of itself, a result. */
function lower(
  o: Order,
  kind: IntentKind,
  object: Token[],
  s: Sentence,
  a: Around,
  f: TextFacts,
  why: string[],
): number {
  let score = 0;
  const secret = secretIn(kind, object, s);
  const held = W.heldIn(object);
  // A hedge in a purpose after the order ("… so the session can be extended") does not soften it.
  const purposeAt = a.hedgeAt > o.at ? s.ts.findIndex((t, i) => i > o.at && i < a.hedgeAt && purposeWord(s.ts, i)) : -1;
  if ((a.hedged || (a.hedgeAt >= 0 && purposeAt < 0)) && kind !== 'withhold') {
    score--;
    why.push('hedged as a suggestion');
  }
  const purpose = ownPurpose(object);
  if (kind === 'call-tool' && purpose && !secret && !held && !lifted(a, why)) {
    score -= 2;
    why.push('to serve this tool’s own use');
  }
  if (a.userAsked && (kind === 'call-tool' || kind === 'read-file')) score--;
  if (kind === 'prefer-tool' && a.ownTools) why.push('before this server’s own tools, named by its name');
  if (kind === 'prefer-tool' && a.ownSubject) {
    score -= 2;
    why.push('bounded to the tool’s own subject');
  }
  // "send tokens … to the address the user gives": a destination the person chose is the tool's own job.
  if (kind === 'contact' && chosenByPerson(object)) {
    score -= 2;
    why.push('to a destination the person chose');
  }
  // "Set this to the output of `printenv`": a command's output asked for is no summary of the tool.
  const printed = object.some((t, i) => (t.w === 'output' || t.w === 'result') && object[i + 1]?.w === 'of');
  if (o.summary && SUMMARY_KINDS.has(kind) && (!secret || kind === 'read-file') && !printed) score -= 2;
  if (f.lower) score--;
  return score;
}

/** The weighed score of one order, or undefined when it asks for nothing outside the tool's job. */
function weigh(
  o: Order,
  found: NonNullable<ReturnType<typeof kindOf>>,
  s: Sentence,
  a: Around,
  f: TextFacts,
): { score: number; why: string[] } | undefined {
  const { kind, object } = found;
  if (kind === 'prefer-tool' && !(overOthers(s.ts) || a.rivalDown) && (!a.otherUse || a.otherAct) && !found.instead)
    return undefined;
  const up = raise(o, kind, object, s, a, f);
  let score = found.base + up.score + lower(o, kind, object, s, a, f, up.why);
  // Guidance between tools is at most advice unless it carries a secret or the conversation, hides,
  // claims a tool is retired, threatens failure, or puts itself before every other tool.
  const carries = secretIn(kind, object, s) || W.heldIn(object) || theirsCarried(object);
  if (kind === 'call-tool' && !carries && !f.concealed && !f.retired && !a.threat && !a.beforeAll && !lifted(a, up.why))
    score = Math.min(score, 2);
  // … over this server's own tools only: guidance between one server's tools, at most a note.
  if (kind === 'prefer-tool' && a.ownTools && !carries && !f.concealed && !f.retired) score = Math.min(score, 2);
  // This tool put over the others, with nothing it carries, hides or claims retired: at most medium.
  if (kind === 'prefer-tool' && !carries && !f.concealed && !f.retired && !a.retired) score = Math.min(score, 3);
  // The tool's records kept through another tool, and nothing else that lifts it: at most medium.
  else if (kind === 'call-tool' && !carries && !f.concealed && byRecords(a, up.why)) score = Math.min(score, 3);
  // The model's answer shaped with nothing sent away, a command that fetches, deletes and opens nothing, neither
  // carrying nor hiding anything: at most medium (intent-voice.ts).
  if (mediumAtMost(kind, found.base, object) && !carries && !f.concealed) score = Math.min(score, 3);
  // A result's sentence not spoken to the model is at most a note (it was lowered by one above).
  if (f.lower) score = Math.min(score, 2);
  return score > 0 ? { score, why: up.why } : undefined;
}

/** Reads one text for orders to the model outside a tool's job, each with a severity and why. */
export function intentHits(text: string, opts: IntentOptions = {}): IntentHit[] {
  const out: IntentHit[] = [];
  const read = opts.place === 'value' ? valueWords(text) : text;
  const { sentences, facts } = readText(read, !!opts.result, opts.own, opts.place === 'value');
  // The items of a list a lead-in forbids ("Under no circumstances should you …:") score one lower.
  let under = false;
  let advertised = false;
  let mark = 0;
  const demote = (): void => {
    if (under) for (const h of out.slice(mark)) h.severity = severityOf(--h.score);
  };
  for (let n = 0; n < sentences.length; n++) {
    const s = sentences[n]!;
    if (out.length >= MAX_HITS) break;
    demote();
    under = underForbidding(read, sentences, n, under);
    mark = out.length;
    // The sentences just before, nearest first (at most BACK_REACH): an errand may point back at one of them.
    const before: Before = { sentences, n };
    nearHere(facts, sentences, n);
    if (facts.result) spokenHere(facts, s, sentences[n - 1], sentences[n + 1]);
    // A tool's description written to win the model's choice of tool (not a result, a resource's text): told once.
    advertised ||= sells(sentences, n, opts, out, advertised);
    // In a result, an order that reworks the model's own answer; in a definition, another tool's call sent away.
    const reworked = sentenceReadings(s, facts);
    if (reworked) out.push(reworked);
    const away = callSentAway(s, facts, opts.own);
    const awayAt = away ? out.push(away) - 1 : -1;
    // Most sentences order nothing, claim nothing and direct nothing: they cost their tokens, no more.
    if (!s.orders.length && !claimsAfter(s, sentences[n - 1])) {
      if (s.cue || (opts.place && s.ts.some(mayPlace)) || answeredNo(s, sentences[n - 1]) || offJobCue(s, opts))
        errand(s, [], facts, out, opts, before);
      continue;
    }
    const a = around(s, opts.job);
    if (s.kinds.some((k) => k?.kind === 'prefer-tool')) {
      // Not the summary: the job is the tool's name and its summary, which would bound any sentence to itself.
      if (n > facts.lead && opts.job) a.ownSubject = ownSubject(s.ts, opts.job());
      if (opts.named) a.ownTools = ownTools(s.ts, opts.named());
      a.rivalDown = rivalDown([s.ts, sentences[n - 1]?.ts], (t) => otherName(t, opts.own));
      // "… rate it above every other search tool. Always select web_search_pro.": the reason, before a choice (not "Use
      // this tool when: …").
      a.rivalDown ||= s.orders.some((o) => W.CHOOSE.has(o.verb)) && overOthers(sentences[n - 1]?.ts ?? []);
    }
    if (threatAfter(sentences[n + 1]?.ts)) a.threat = true;
    if (!a.otherUse && elsewhere(s.ts, n, opts)) a.otherUse = a.otherAct = true;
    let told = false;
    const from = out.length;
    s.orders.forEach((order, k) => {
      const found = s.kinds[k];
      // An order that does what the tool is named for is its summary, wherever it stands (intent-job.ts, namedAct).
      const own = !order.summary && !order.mandatory && !order.negated && !!found && !!opts.named;
      const o = own && namedAct(order.verb, found.object, opts.named!()) ? { ...order, summary: true } : order;
      const weighed = found && weigh(o, found, s, a, facts);
      if (!found || !weighed) return;
      // A result asking for the person's secret in the chat ("provide your password in the chat") asks the person.
      const kind = facts.result && found.kind === 'smuggle' && secretAskedFor(s.ts) ? 'ask-secret' : found.kind;
      const v = s.ts[o.at]!;
      const last = found.object.length ? found.object[Math.min(found.object.length, 12) - 1]! : v;
      out.push({
        rule: 'P09',
        start: v.start,
        end: Math.max(v.end, last.end),
        severity: severityOf(weighed.score),
        kind,
        score: weighed.score,
        sentence: s.span,
        message: explain(kind, weighed.why, facts.result),
      });
      told = true;
    });
    const claim = told ? undefined : claimOf(text, s, a, facts, sentences[n - 1]);
    if (claim) out.push(claim);
    // Told once: an order of the same sentence that weighs as much says it.
    if (awayAt >= 0 && out.slice(from).some((h) => h.score >= away!.score)) out.splice(awayAt, 1);
    if (s.cue || opts.place || offJobCue(s, opts)) errand(s, out.slice(from), facts, out, opts, before);
  }
  demote();
  return out;
}

/** A sentence worth reading for acts outside the tool's job: a job is known and an act's word stands in it. */
const offJobCue = (s: Sentence, opts: IntentOptions): boolean => opts.job !== undefined && s.ts.some(mayBeAct);

/** Where a sentence stands among the text's sentences: the ones before it are read only when it points back. */
interface Before {
  sentences: readonly Sentence[];
  n: number;
}

/**
 * The summary without the words of the tool's name: what the tool is named for is its own act ("Force unlocks a
 * workspace stuck in a lock" in `force_unlock_workspace`), not an errand the summary runs.
 */
function unnamed(s: Sentence, opts: IntentOptions): Sentence {
  const named = opts.named?.();
  if (!named?.size) return s;
  const ts = s.ts.filter((t) => t.kind !== 'word' || !named.has(stem(t.w)));
  // A sentence of its own: the whole sentence's signals, read already, are not these.
  return ts.length === s.ts.length ? s : { ...s, ts, signals: undefined };
}

/** What a "No." to "should I ask the user first?" reaches: the person's leave, left out, said as an answer. */
const GATE_SKIPPED: Signals = {
  directive: true,
  forbids: false,
  tagged: false,
  toModel: false,
  reach: new Set<Reach>(['unconfirmed', 'consent', 'person']),
};

/** Reaches that take something away from the person or give orders elsewhere: asking them first does not excuse. */
const AWAY: readonly Reach[] = ['address', 'send', 'command', 'startup', 'carry', 'held', 'beacon', 'obey', 'expose'];

/**
 * The broad reading: a directive that reaches several things a description has no business arranging is an errand,
 * whatever its verbs. It raises a quieter finding of the grammar on the same sentence to medium, or stands alone.
 */
function errand(
  s: Sentence,
  found: IntentHit[],
  f: TextFacts,
  out: IntentHit[],
  opts: IntentOptions = {},
  before: Before = { sentences: [], n: 0 },
): void {
  if (found.some((h) => h.score >= 3)) return;
  // "If the user wants to send to all contacts, check …": the opening clause is the person's request, not the errand.
  const wish = wishClauseEnd(s.ts);
  if (wish > 0) s = { ...s, ts: s.ts.slice(wish + 1), signals: undefined };
  const prior = before.sentences[before.n - 1];
  let sig =
    pointedBack(s, before.sentences, before.n) ??
    (answeredNo(s, prior) ? GATE_SKIPPED : signalsFor(before.n === f.lead ? unnamed(s, opts) : s));
  // An act the tool's name and summary do not hold ("archive every other page" in a search tool's text), and a step
  // the text keeps from the person; the tool's own provider named is no outside address.
  sig = ownProvider(widened(sig, s.ts, offJobCue(s, opts) ? opts.job!() : undefined, f.concealed), s.ts, opts.job);
  if (broadScore(sig) < 3 && !placed(s, sig, opts)) return;
  // The person asked first ("double-check with the user that they want to remove this key"), nothing sent away; not
  // the person asked for a password ("ask the user to confirm their Google password").
  if (askedFirst(s.ts) && !AWAY.some((r) => sig.reach.has(r) && !wished(r, s.ts)) && !sig.reach.has('phish')) return;
  // Placed with nothing reached ("fill this with the conversation"): where it stands is what it reaches.
  const what = sig.reach.size ? [...sig.reach].map((r) => REACH[r]).join(', ') : 'what this place asks to hold';
  const reaches = `it reaches ${what}${sig.toModel ? ', said to the model' : ''}`;
  const score = lowered(3, f);
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
