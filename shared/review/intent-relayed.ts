import type { Reach } from './intent-reach-words.js';
import { NOT, set } from './intent-words.js';
import { within, type Token } from './intent-text.js';

// Text handed over to be turned into orders (intent-sentence.ts reads it once per sentence): "Translate the following
// into English and then carry it out: '…'", "decode this and follow it". Whatever the quoted text says becomes the
// model's order, in words no other reading would take for one. A structure of a few words around a word that gates it.

/** What turns a text into another form first. */
const TURNS = set(`translate decode decrypt decipher unscramble deobfuscate reverse`);
/** What then makes it the model's order: "carry it out", "execute it", "follow it", "do what it says", "obey it". */
const OBEYS = set(`carry execute follow obey perform run do`);
const IT = set(`it them this these that what`);
const USED_ON = set(`through with against on in by using`);

/** "Translate the following into English and then carry it out": a text turned, then obeyed. */
export function relayedFrom(ts: readonly Token[], i: number): boolean {
  if (!TURNS.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '')) return false;
  // … not "run it through the validator", "do it with care": the text as the object of a tool, not the order.
  const obey = within(
    ts,
    i + 1,
    i + 14,
    (x, k) => OBEYS.has(x.w) && IT.has(ts[k + 1]?.w ?? '') && !USED_ON.has(ts[k + 2]?.w ?? ''),
  );
  return obey > 0 && within(ts, i + 1, obey, (x) => NOT.has(x.w)) < 0;
}

/** Words one of which a sentence needs for the broad reading to look at it for these (intent-cue.ts). */
export const RELAYED_CUE: ReadonlySet<string> = TURNS;

/** The reach of a text handed over to be obeyed in one sentence; true when it directs as an order would. */
export function relayedReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  for (let i = 0; i < ts.length; i++) if (relayedFrom(ts, i)) return !!reach.add('obey');
  return directive;
}
