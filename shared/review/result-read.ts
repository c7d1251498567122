import { hiddenHits, type Hit } from './hidden.js';
import { readText } from './intent-read.js';
import { spokenToModel } from './intent-spoken.js';
import { poisoningHits } from './poisoning.js';
import { SLOT_IMAGE, SLOT_URL } from './poisoning-patterns.js';
import type { Severity } from './rules.js';

// How one text a tool returned is read: the one reading behind the result scan (result-scan.ts: the result view, the
// Trace, an agent's `resultScan` policy) and the review of recorded results (review.ts), so the two cannot disagree.

/**
 * Rules that read a definition's text as said to the model, and a result's only where it is: a README's "create a
 * `.env` file", a listing that shows `~/.ssh`, "before executing the function" are said to people. A URL or an image
 * made to carry data is one whatever the text speaks to.
 */
const SAID_TO_MODEL = new Set(['P04', 'P05', 'P06']);
const SLOTS = new Set([SLOT_URL, SLOT_IMAGE]);

/** Which stretches of a result's text speak to the model (spokenToModel, sentence by sentence). */
function spokenSpans(text: string): [number, number][] {
  const { sentences } = readText(text, true);
  return sentences.filter((s, i) => spokenToModel(s, sentences[i - 1])).map((s) => s.span);
}
/** Whether `at` falls in one of the spans (in order, apart): a binary search. */
function within(spans: [number, number][], at: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = spans[mid]!;
    if (at < a) hi = mid - 1;
    else if (at >= b) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * What a result's text asks or hides, every severity: hidden text, and the pattern and intent rules read as a result
 * (P04–P06 only where a sentence speaks to the model). A cut (H12) and layout padding (H10) say nothing of a result.
 */
export function resultHits(text: string): (Hit & { severity?: Severity })[] {
  const hits: (Hit & { severity?: Severity })[] = [
    ...hiddenHits(text, 'prose'),
    ...poisoningHits(text, { result: true }).hits,
  ];
  let spoken: [number, number][] | undefined;
  return hits.filter(
    (h) =>
      h.rule !== 'H12' &&
      h.rule !== 'H10' &&
      (!SAID_TO_MODEL.has(h.rule) || SLOTS.has(h.message) || within((spoken ??= spokenSpans(text)), h.start)),
  );
}
