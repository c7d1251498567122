/** How far a rule looks for the ends of the sentence around a match, each side. */
export const SENTENCE_REACH = 1000;

/**
 * The sentence around `start`–`end`: from just after the last stop before it to the first stop
 * after it, each looked for no further than SENTENCE_REACH characters. Bounded, so that a text with
 * many matches and no stops costs each match a fixed amount, not the whole text again.
 */
export function boundedSentence(text: string, start: number, end: number, stops: readonly string[]): string {
  const lo = Math.max(0, start - SENTENCE_REACH);
  const hi = Math.min(text.length, end + SENTENCE_REACH);
  const window = text.slice(lo, hi);
  const s = start - lo;
  const e = end - lo;
  const from = Math.max(...stops.map((x) => window.lastIndexOf(x, s)));
  const ends = stops.map((x) => window.indexOf(x, e)).filter((n) => n >= 0);
  // Without the stop's own space: a rule that looks at how the sentence begins sees its first word.
  return window.slice(from + 1, ends.length ? Math.min(...ends) : window.length).trimStart();
}

/** Matches of one pattern looked at in one text; past it the rule stops and says so. */
export const MAX_MATCHES_PER_RULE = 100;
