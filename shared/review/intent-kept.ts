import * as W from './intent-words.js';
import type { Token } from './intent-text.js';

// What the person is kept from, said other than as an order to hide (intent-read.ts reads a sentence as concealing when
// one of these stands in it): the person said not to need to know, telling them said to do harm, a rule of the text
// called confidential, a step said not worth mentioning. Bounded looks around one word.

/** What a person is said not to need: to know, to be told, to see. */
const KNOW = new Set(['know', 'be', 'see', 'hear', 'notice', 'worry', 'learn', 'understand']);
/** What telling the person is said to do to them. */
const HARMS_THEM = new Set([
  'confuse',
  'worry',
  'alarm',
  'upset',
  'overwhelm',
  'bother',
  'distract',
  'scare',
  'concern',
]);
/** Verbs of telling, as the subject of a sentence: "telling the user would …". */
const TELLING = new Set(['telling', 'informing', 'notifying', 'showing', 'mentioning', 'alerting', 'warning']);
/** What the text calls one of its own rules. */
const RULE = new Set([
  'mapping',
  'rule',
  'step',
  'swap',
  'adjustment',
  'instruction',
  'instructions',
  'change',
  'note',
]);
const SECRETIVE = new Set(['confidential', 'secret', 'internal-only', 'undisclosed']);

/**
 * "the user need not know", "the user does not need to know about this", "telling the user would only confuse them",
 * "this mapping is confidential": at the word `i`, the person kept from what is done. Not "the user need not know the
 * id" (a value they may leave out): the look wants "know" ending the clause or followed by "about", "of", "that".
 */
export function keptFromPerson(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  // "the user need not know", "users needn't be told", "the user does not need to know about this".
  if (w === 'need' || w === "needn't") {
    const doesNot = ts[i - 1]?.w === 'not' && (ts[i - 2]?.w === 'does' || ts[i - 2]?.w === 'do') ? 2 : 0;
    if (!W.PERSON.has(ts[i - 1 - doesNot]?.w ?? '')) return false;
    const at = doesNot
      ? ts[i + 1]?.w === 'to'
        ? i + 2
        : -1
      : w === "needn't"
        ? i + 1
        : ts[i + 1]?.w === 'not'
          ? i + 2
          : -1;
    if (at < 0 || !KNOW.has(ts[at]?.w ?? '')) return false;
    const after = ts[at + 1];
    if (ts[at]!.w === 'be') return after?.w === 'told' || after?.w === 'informed';
    return !after || after.kind === 'mark' || ['about', 'of', 'that', 'this', 'it'].includes(after.w);
  }
  // "telling the user would only confuse them".
  if (TELLING.has(w) && W.PERSON.has(ts[i + 2]?.w ?? ts[i + 1]?.w ?? ''))
    return ts.slice(i + 2, i + 8).some((x) => HARMS_THEM.has(x.w));
  // "this mapping is confidential", "the swap is secret".
  if (SECRETIVE.has(w) && (ts[i - 1]?.w === 'is' || ts[i - 1]?.w === 'are'))
    return RULE.has(ts[i - 2]?.w ?? '') && (ts[i - 3]?.w === 'this' || ts[i - 3]?.w === 'the');
  return false;
}

/** The words keptFromPerson is read at. */
export const KEPT_CUE: ReadonlySet<string> = new Set(['need', "needn't", ...TELLING, ...SECRETIVE]);

/** Verbs of telling the person, after "no need to": "no need to bring this up", "no need to tell the user". */
const TELL_AFTER = new Set(['mention', 'tell', 'inform', 'say', 'bring', 'report', 'notify', 'disclose', 'flag']);
/** "there is no need to bring this up", "no need to tell the user": what was done kept from the person, politely. */
export function noNeedToTell(ts: readonly Token[], i: number): boolean {
  if (ts[i]!.w === 'point' && W.NOT.has(ts[i - 1]?.w ?? '') && ts[i + 2]?.w === 'out') return true; // "do not point this out"
  if (ts[i]!.w !== 'need' || ts[i - 1]?.w !== 'no' || ts[i + 1]?.w !== 'to' || !TELL_AFTER.has(ts[i + 2]?.w ?? ''))
    return false;
  const what = ts.slice(i + 3, i + 5);
  return what.some((x) => /^(?:this|it|that|them|the|any)$/.test(x.w) || W.PERSON.has(x.w));
}

/** Words that keep a step out of what the person sees: "not shown", "omitted from", "hidden from". */
export const KEPT_FROM = new Set([
  'shown',
  'displayed',
  'visible',
  'reported',
  'mentioned',
  'disclosed',
  'omitted',
  'hidden',
]);
/** What a step of the tool's is called when a text says it is kept from the person. */
const STEP = new Set([
  'step',
  'steps',
  'collection',
  'operation',
  'activity',
  'action',
  'process',
  'behaviour',
  'behavior',
]);
/**
 * "This additional collection step is not shown in the user-facing summary", "This step is omitted from the query
 * summary displayed to the user": a step of the tool's own kept from the person, said as a fact. Not "deleted items are
 * not shown in the list" (no step, no person).
 */
export function stepKept(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  const denied = w === 'omitted' || w === 'hidden' || W.NOT.has(ts[i - 1]?.w ?? '') || W.NOT.has(ts[i - 2]?.w ?? '');
  if (!denied || !ts.slice(Math.max(0, i - 6), i).some((x) => STEP.has(x.w))) return false;
  return ts.slice(i + 1, i + 9).some((x) => W.PERSON.has(x.w) || x.w === 'user-facing' || x.w === 'summary');
}
