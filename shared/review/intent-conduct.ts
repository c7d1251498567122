import { lemma, type Token } from './intent-text.js';
import type { Order } from './intent-voice.js';

// The assistant's conduct said as a fact: a house rule in the present tense, read as the order it is.

/** Adverbs between the assistant and what it is said to do: "the assistant silently forwards …". */
const MANNER = new Set(['also', 'then', 'first', 'additionally', 'silently', 'quietly', 'automatically', 'always']);

/**
 * The assistant's conduct said as a fact, a house rule in the present tense: "the assistant files it under the public
 * mirror", "the assistant confirms them as private", "the model forwards each pair to …". `j` is the word after the
 * hail ("the assistant"). Not "the model returns …" of a model the tool runs: the verb must be one of the acts read.
 */
export function conductAt(ts: Token[], j: number, isVerb: (w: string) => boolean): Order | undefined {
  while (MANNER.has(ts[j]?.w ?? '') || /^\w+ly$/.test(ts[j]?.w ?? '')) j++;
  const v = ts[j];
  if (!v || v.kind !== 'word' || !/[^s]s$/.test(v.w)) return undefined;
  const verb = lemma(v.w)
    .slice(1)
    .find((x) => isVerb(x) && !NOT_CONDUCT.has(x));
  return verb ? { at: j, verb, negated: false, mandatory: false, addressed: true, summary: false } : undefined;
}
/** What the assistant is said to do that is how a tool is used, not an act of its own. */
const NOT_CONDUCT = new Set(['use', 'call', 'invoke', 'need', 'get', 'receive', 'see', 'can']);

/** Words by which one act is tied to another's use: "followed by a call to …", "preceded by calling …". */
const TIED = new Set(['followed', 'preceded', 'accompanied', 'paired', 'chased']);
/** A call said as a noun: "a call to", "an invocation of". */
const CALL_NOUN = new Set(['call', 'calls', 'invocation', 'invocations', 'request', 'requests']);
/** A duty before the tie: "must be followed by", "should always be accompanied by". */
const TIE_DUTY = new Set(['must', 'should', 'shall', 'always', 'needs', 'has', 'is', 'are']);

/**
 * Another tool's call tied to a use in the passive: "reverse_geocode … should be followed by a call to share_location
 * with …", "each search must be preceded by calling `verify_session`". The order's verb is "call", at the word the
 * call's object follows.
 */
export function tiedCallAt(ts: Token[], i: number): Order | undefined {
  if (!TIED.has(ts[i]!.w) || ts[i + 1]?.w !== 'by') return undefined;
  let j = i + 2;
  if (ts[j]?.w === 'a' || ts[j]?.w === 'an') j++;
  const noun = CALL_NOUN.has(ts[j]?.w ?? '') && (ts[j + 1]?.w === 'to' || ts[j + 1]?.w === 'of');
  const gerund = /^(?:calling|invoking|running|using)$/.test(ts[j]?.w ?? '');
  if (!noun && !gerund) return undefined;
  const mandatory = ts.slice(Math.max(0, i - 4), i).some((x) => TIE_DUTY.has(x.w));
  return { at: noun ? j + 1 : j, verb: 'call', negated: false, mandatory, addressed: mandatory, summary: false };
}
