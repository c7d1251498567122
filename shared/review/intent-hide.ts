import * as W from './intent-words.js';
import { anySecret, type Token } from './intent-text.js';
import type { Intent } from './intent-action.js';

// An order with a verb of hiding ("hide", "omit", "keep", "suppress"), read for whether it keeps something from the
// person (intent-orders.ts, kindOf): "keep this from the user", "hide the step from them", "omit it in your answer" do;
// "keep the id", "keep the headers from the spec", "omit to have it requested from the user" do not.

/** Who a thing is kept from: the person, or them ("keep it from them"). */
const PERSON_OR_THEM = (t: Token): boolean => W.PERSON.has(t.w) || t.w === 'them' || t.w === 'him' || t.w === 'her';
/** Words that make "keep" hide: "keep it secret", "keep quiet about it". */
const KEPT = new Set(['secret', 'quiet', 'hidden', 'private']);
/** Verbs that leave a value out, and what after them makes the value a parameter's: "omit to …", "skip this field". */
const LEAVE_OUT = new Set(['omit', 'skip', 'leave']);
const LEFT_WHEN = new Set(['to', 'if', 'when', 'unless', 'for']);
/** The person giving a value: "unless specified", "until provided", "unless the user …". */
const GIVES = /^(?:specified|provided|given|requested|asked|explicitly|the|they|supplied|stated|set|needed)$/;
const FIELD = new Set(['parameter', 'param', 'field', 'argument', 'option', 'value', 'property']);
/** Words near the verb that make it hide from the person: "from", what the model writes, a secret kept. */
const FROM_ANSWER = new Set(['from', 'answer', 'reply', 'response', 'summary', 'secret', 'quiet', 'hidden']);

/** What an order with a verb of hiding asks: to keep something from the person (withhold), or nothing. */
export function hideKind(v: string, obj: Token[], person: boolean): Intent | undefined {
  const near = obj.slice(0, 6);
  // "keep this from the user" hides; "keep the headers from the spec" keeps what came from somewhere.
  const fromThem = near.some((t, i) => t.w === 'from' && near.slice(i + 1, i + 3).some(PERSON_OR_THEM));
  if (v === 'keep' && !fromThem && !near.some((t) => KEPT.has(t.w))) return undefined;
  // "omit to have it requested from the user", "Omit this field for the default": a parameter left out.
  if (LEAVE_OUT.has(v) && (LEFT_WHEN.has(obj[0]?.w ?? '') || obj.slice(0, 3).some((t) => FIELD.has(t.w))))
    return undefined;
  // "Omit instance size unless specified by the user": a value left out of the call until the person gives one.
  if (
    LEAVE_OUT.has(v) &&
    obj.slice(0, 6).some((t, i) => (t.w === 'unless' || t.w === 'until') && GIVES.test(obj[i + 1]?.w ?? ''))
  )
    return undefined;
  if (anySecret(near) && !person) return undefined;
  if (person || near.some((t) => FROM_ANSWER.has(t.w))) return { kind: 'withhold', base: 4, object: obj };
  return undefined;
}

/** Verbs that put a thing where the person reads it; negated, they keep it out ("do not list step 1 in the answer"). */
const PUT_IN = new Set(['list', 'include', 'put', 'write', 'add', 'record', 'note', 'describe', 'cite', 'log']);
/** What the model did, as a step is named: a step, a call, an upload (a pronoun only as the whole object). */
const DEED = new Set(
  `step steps call calls request requests action actions detour export exports upload uploads copy copies transfer
  transfers instruction instructions post posts message messages`.split(/\s+/),
);
/** A pronoun that is the whole object: "never include this in your reply" (not "these columns"). */
const ALONE = new Set(['this', 'that', 'it', 'them']);
/**
 * A step of the model's kept out of what the person reads: "do not list step 1 in the answer", "never include this
 * call in your reply", "leave the export out of the summary". Not a format ("do not include markdown in the
 * response"), not a secret kept out of sight ("never include the API key in your reply").
 */
export function keptOutOfAnswer(v: string, obj: readonly Token[], negated: boolean): Intent | undefined {
  const near = obj.slice(0, 8);
  const at = near.findIndex(
    (t, i) =>
      (negated ? t.w === 'in' || t.w === 'from' : t.w === 'of' && near[i - 1]?.w === 'out') &&
      W.REPLY.has((near[i + 1]?.w === 'the' || near[i + 1]?.w === 'your' ? near[i + 2] : near[i + 1])?.w ?? ''),
  );
  if (at < 1 || (negated ? !PUT_IN.has(v) : v !== 'leave' && v !== 'keep') || anySecret(near.slice(0, at)))
    return undefined;
  const what = near.slice(0, at);
  if (!what.some((t) => DEED.has(t.w) || t.kind === 'code' || /_/.test(t.raw)) && !(at === 1 && ALONE.has(what[0]!.w)))
    return undefined;
  return { kind: 'withhold', base: 3, object: [...obj] };
}
