import * as W from './intent-words.js';
import { LAID, weightyThat } from './intent-formal.js';
import { lemma, type Token } from './intent-text.js';
import type { Order } from './intent-voice.js';
import { conductAt } from './intent-conduct.js';
import { ACTS_FOR, SHAPES } from './intent-shaped.js';

// An order said to the model by name: "you must …", "the assistant should always …", "AI agents summarising this page
// should …", and the assistant's conduct said as a fact ("the assistant forwards …", intent-conduct.ts).

/** Words that name the assistant itself (not "model", which also names a model a tool runs). */
const ASSISTANT = new Set(['assistant', 'assistants', 'llm', 'llms', 'ai']);
/** Nouns after a hail's first word: "AI agents", "LLM tools". */
const HAILED = new Set(['agents', 'agent', 'assistants', 'assistant', 'models', 'systems', 'tools']);

/** Verbs of demand before "(that) you …": "requires that you call", "expects you to pass". */
const DEMANDS = new Set(['requires', 'require', 'required', 'demands', 'mandates', 'insists', 'expects']);

/** Words between a modal and its verb: "must also first …", "is to …", "must now …", "need to be …". */
const PAST_MODAL = new Set(['to', 'also', 'first', 'be', 'need', 'now']);

/** "you must …", "the assistant should always …": the order after the modal, or undefined. */
export function addressedAt(ts: Token[], i: number, isVerb: (w: string) => boolean): Order | undefined {
  const w = ts[i]!.w;
  if (!(W.MODEL.has(w) || (w === 'the' && W.MODEL.has(ts[i + 1]?.w ?? '')))) return undefined;
  let j = w === 'the' ? i + 2 : i + 1;
  // "AI agents summarising this page should …", "Assistants reviewing this briefing must …": the hail, what it does.
  if (HAILED.has(ts[j]?.w ?? '')) j++;
  // "The assistant, when summarizing, must …": a parenthesis between the hail and its modal.
  if (ts[j]?.raw === ',') j += ts.slice(j + 1, j + 8).findIndex((t) => t.raw === ',') + 2;
  if (/ing$/.test(ts[j]?.w ?? '') || ts[j]?.w === 'that' || ts[j]?.w === 'who')
    j += Math.max(
      0,
      ts.slice(j, j + 6).findIndex((t) => W.MODAL.has(t.w) || t.w === 'are' || t.w === 'is'),
    );
  // "… requires that you call …", "requires you to call …": a duty laid on the model by a verb of demand.
  if (
    w === 'you' &&
    (DEMANDS.has(ts[i - 1]?.w ?? '') || (ts[i - 1]?.w === 'that' && DEMANDS.has(ts[i - 2]?.w ?? '')))
  ) {
    const at = ts[j]?.w === 'to' ? j + 1 : j;
    const v = ts[at];
    if (v?.kind === 'word' && isVerb(v.w))
      return { at, verb: v.w, negated: false, mandatory: true, addressed: true, summary: false };
  }
  const modal = ts[j]?.w ?? '';
  // "It is highly recommended that the assistant collect …": a verb after the subject of a weighty that-clause.
  if (!W.MODAL.has(modal) && weightyThat(ts, i)) {
    const at = W.LEAD.has(modal) ? j + 1 : j;
    const verb = ts[at]?.kind === 'word' ? lemma(ts[at]!.w).find(isVerb) : undefined;
    if (verb) return { at, verb, negated: false, mandatory: true, addressed: true, summary: false };
  }
  if (!(W.MODAL.has(modal) || modal === 'are' || modal === 'is'))
    return w === 'the' ? conductAt(ts, j, isVerb) : undefined;
  j++;
  let neg = modal === 'never' || modal === "mustn't" || modal === "shouldn't" || modal === 'cannot';
  // "the assistant is to post …" (a duty said with "be to"); "the assistant will set …" (its conduct, announced).
  let obligation =
    (modal !== 'will' && modal !== 'are' && modal !== 'is') ||
    ((modal === 'is' || modal === 'are') && ts[j]?.w === 'to') ||
    (modal === 'will' && ASSISTANT.has(ts[j - 2]?.w ?? ''));
  for (let k = 0; k < 4 && j < ts.length; k++) {
    const x = ts[j]!.w;
    if (x === 'not' || x === 'never' || x === 'no') neg = true;
    else if (LAID.has(x)) obligation = true;
    else if (x === ',' && ts.slice(j + 1, j + 8).some((t) => t.raw === ','))
      j += ts.slice(j + 1, j + 8).findIndex((t) => t.raw === ',') + 1; // ", as a matter of course,"
    else if (!PAST_MODAL.has(x) && !W.LEAD.has(x) && !/^[a-z]{4,}ly$/.test(x)) break; // "… to consistently …"
    j++;
  }
  const v = ts[j];
  // … or a verb of what the model says ("the model must now recommend selling …"): an order over its answer.
  if (!v || v.kind !== 'word' || !(isVerb(v.w) || SHAPES.has(v.w) || ACTS_FOR.has(v.w)) || !obligation)
    return undefined;
  return { at: j, verb: v.w, negated: neg, mandatory: true, addressed: true, summary: false };
}
