import { NOT, set } from './intent-words.js';
import { within, type Token } from './intent-text.js';

// Text handed over to be turned into orders (intent-answer.ts reads each sentence for it; intent-spoken.ts takes it as
// said to the model): "Translate the following
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

/** The words a text handed over is turned by: where the readings of a sentence look first. */
export const RELAYED_CUE: ReadonlySet<string> = TURNS;
