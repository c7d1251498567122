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

/** How many characters one pattern sees at a time, and how far past that it may still match. */
export const WINDOW = 1024;
export const WINDOW_REACH = 512;

/**
 * Every match of a global pattern in `text`, the pattern seeing at most WINDOW + WINDOW_REACH
 * characters at a time. A backtracking pattern that retries a long run from each of its starts
 * (`[\w.+-]+@` on a run with no "@") costs at most a fixed amount per window, so the whole scan is
 * linear in the text's length, whatever the pattern: linear by construction, not by review of each
 * pattern. A match belongs to the window it starts in; one longer than WINDOW_REACH past that
 * window's end is found shortened or not at all — no rule looks for a match that long.
 */
export function* windowedMatches(re: RegExp, text: string): Generator<RegExpExecArray> {
  for (let from = 0; from < text.length; from += WINDOW) {
    const part = text.length <= WINDOW + WINDOW_REACH ? text : text.slice(from, from + WINDOW + WINDOW_REACH);
    re.lastIndex = 0;
    for (let m = re.exec(part); m; m = re.exec(part)) {
      if (m.index >= WINDOW && part !== text) break;
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      m.index += part === text ? 0 : from;
      yield m;
    }
    if (part === text) return;
  }
}
