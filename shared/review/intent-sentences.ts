// Where the intent reader's sentences end (intent-text.ts reads each for its tokens): a stop before a space, a new
// line that does not only wrap a docstring's prose, a fenced block of code whole, or MAX_SENTENCE characters. One pass.

const MAX_SENTENCE = 600;

/** Abbreviations whose period ends no sentence: "incl.", "e.g.", "approx.". */
const ABBREVIATIONS = new Set([
  'incl',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'approx',
  'vs',
  'cf',
  'esp',
  'resp',
  'val',
  'req',
  'viz',
]);

/** Whether the period at `i` closes an abbreviation: the word before it (looked at up to 7 characters back). */
function abbreviated(text: string, i: number): boolean {
  let from = i;
  while (from > 0 && i - from < 7 && letterOrDot(text.charCodeAt(from - 1))) from--;
  if (from === i || (from > 0 && letterOrDot(text.charCodeAt(from - 1)))) return false;
  return ABBREVIATIONS.has(text.slice(from, i).toLowerCase());
}
const letterOrDot = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 46;

/**
 * Whether the new line at `i` only wraps a sentence (a docstring's hard-wrapped prose: "… extracted from the token\n
 * to get temporary credentials."): the line before ends in a letter, a digit, a comma or ")" and the next begins, after
 * its indent, with a lower-case letter. Looks over the spaces beside the line break only, so every character is looked
 * at a bounded number of times.
 */
function softWrap(text: string, i: number): boolean {
  let a = i - 1;
  while (a >= 0 && (text.charCodeAt(a) === 32 || text.charCodeAt(a) === 9 || text.charCodeAt(a) === 13)) a--;
  const p = a >= 0 ? text.charCodeAt(a) : -1;
  // "Pass `regions` as a list — e.g.\n["us-east-1", …]": an abbreviation's stop goes on over the line.
  if (p === 46 && abbreviated(text, a)) return true;
  // … or a code span or a quote: "call `x(y='z')` \nimmediately before …".
  const ends = (p >= 97 && p <= 122) || (p >= 65 && p <= 90) || (p >= 48 && p <= 57) || p === 44 || p === 41;
  if (!ends && p !== 96 && p !== 39 && p !== 34) return false;
  let b = i + 1;
  while (b < text.length && (text.charCodeAt(b) === 32 || text.charCodeAt(b) === 9)) b++;
  const q = b < text.length ? text.charCodeAt(b) : -1;
  // "… you MUST call\n`report(kind='pii')` to …", "read the file at\n'~/.ssh/id_rsa' via …": a code span or a quoted
  // value goes on a line that ends in a lower-case word.
  if (q === 96 && p >= 97 && p <= 122) return text.charCodeAt(b + 1) !== 96;
  if ((q === 39 || q === 34) && p >= 97 && p <= 122) return true;
  if (q < 97 || q > 122) return false;
  // "    auth_token: …", "    role_arn (str): …": the next entry of an argument list, not the sentence going on.
  let e = b;
  while (e < text.length && e - b < 64 && /[\w.-]/.test(text[e]!)) e++;
  const after = text.charCodeAt(e) === 32 ? text.charCodeAt(e + 1) : text.charCodeAt(e);
  return after !== 58 && after !== 40;
}

/** Whether the period at `i` numbers a list's item ("ACTION: 1. Set …", "… 'x' 2. Set …"): one or two digits after a
 * space or a colon, and a capital letter next. */
function listNumber(text: string, i: number): boolean {
  let a = i - 1;
  while (a >= 0 && i - a <= 2 && text.charCodeAt(a) >= 48 && text.charCodeAt(a) <= 57) a--;
  if (a === i - 1 || i - a > 3) return false;
  const before = a >= 0 ? text.charCodeAt(a) : 32;
  const after = text.charCodeAt(i + 2);
  return (before === 32 || before === 58) && text.charCodeAt(i + 1) === 32 && after >= 65 && after <= 90;
}

/**
 * Whether the period at `i` follows a name's initial ("Approved by J. Smith"): one capital after a space or a quote,
 * and a capitalised word next.
 */
function initial(text: string, i: number): boolean {
  const a = text.charCodeAt(i - 1);
  const b = i >= 2 ? text.charCodeAt(i - 2) : 32;
  const n = text.charCodeAt(i + 2);
  const m = text.charCodeAt(i + 3);
  return a >= 65 && a <= 90 && (b === 32 || b === 39 || b === 34) && n >= 65 && n <= 90 && m >= 97 && m <= 122;
}

/** Words that open a sentence and, capitalised, stand after a lower-case word only when a stop was left out. */
const RUN_ON = /^(?:This|You|Always|Never|Please|Ignore|Trusted|Recommended|Endorsed|Over|(?:Use|Call) this) /;
/**
 * Whether the space at `i` ends a sentence whose stop was left out: "Fork a repository to your organization This is the
 * best tool …", as text appended to a description without its stop reads to a model. A lower-case word before, one of
 * RUN_ON's words after (a title's capitals stand after a capital, and are none). Looks at 36 characters.
 */
function runOn(text: string, i: number): boolean {
  const q = text.charCodeAt(i + 1);
  if (q < 65 || q > 90 || !RUN_ON.test(text.slice(i + 1, i + 13))) return false;
  // The word before, all lower-case letters (looked at up to 24 characters back).
  let a = i - 1;
  while (a >= 0 && i - a <= 24 && text.charCodeAt(a) >= 97 && text.charCodeAt(a) <= 122) a--;
  return a < i - 1 && (a < 0 || text.charCodeAt(a) === 32);
}

/**
 * Sentence ends: a stop before a space or the end, a new line that does not only wrap the sentence, a stop left out
 * (runOn), or MAX_SENTENCE characters; not an abbreviation's stop and not an ellipsis ("ALTER TABLE ... DISABLE …" is
 * one statement). Linear.
 */
export function sentenceSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  let blank = true;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    // A fenced block of code ("```js … ```") is one sentence of its own, whatever its lines and stops.
    const fence = c === 96 ? fenceEnd(text, i) : -1;
    if (fence > 0) {
      if (!blank) out.push([from, i]);
      out.push([i, fence]);
      from = fence;
      i = fence - 1;
      blank = true;
      continue;
    }
    // A code span ("`find . -type f … && curl …`") is read whole, as the tokens read it: a stop inside ends nothing.
    const span = c === 96 ? spanEnd(text, i) : -1;
    if (span > 0 && span - from < MAX_SENTENCE) {
      blank = false;
      i = span;
      continue;
    }
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
    // A stop: the end, a new line, or . ! ? before white space or the end.
    const stop =
      c === -1 ||
      (c === 32 && runOn(text, i)) ||
      (c === 10 && !softWrap(text, i)) ||
      ((c === 46 || c === 33 || c === 63) &&
        (next === -1 || next === 32 || next === 10 || next === 9 || next === 13 || next === 160) &&
        !(
          c === 46 &&
          (abbreviated(text, i) || text.charCodeAt(i - 1) === 46 || listNumber(text, i) || initial(text, i))
        )) ||
      ((c === 39 || c === 34 || c === 41 || c > 0x2000) && quoteClosed(text, i, c, next));
    if (c > 32 && c !== 160) blank = false;
    if (stop || i - from >= MAX_SENTENCE) {
      const end = stop && c !== -1 && c !== 10 ? i + 1 : i;
      if (!blank || (c > 32 && c !== 160)) out.push([from, end]);
      from = stop ? i + 1 : i;
      blank = true;
    }
  }
  return out;
}

/** Marks that close a quote or an aside. */
const CLOSES = new Set([39, 34, 0x2019, 0x201d, 41]);
/**
 * A quote closed after its stop, and a new sentence begun: "… wrote: 'I wish my assistant had done it.' Be that
 * assistant." The stop inside the quote ends the sentence at the mark; not "(approx.) Then …" (an abbreviation's).
 */
function quoteClosed(text: string, i: number, c: number, next: number): boolean {
  if (!CLOSES.has(c) || (next !== 32 && next !== 10)) return false;
  const p = text.charCodeAt(i - 1);
  if (p !== 46 && p !== 33 && p !== 63) return false;
  const after = text.charCodeAt(i + 2);
  return after >= 65 && after <= 90 && !(p === 46 && abbreviated(text, i - 1));
}

/** Where a code span that opens at `i` closes (its closing backtick), on the same line within 300 characters, or -1. */
function spanEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length && j - i <= 301; j++) {
    const c = text.charCodeAt(j);
    if (c === 10) return -1;
    if (c === 96) return j - i > 1 ? j : -1;
  }
  return -1;
}

/** How long a fenced block of code may run: longer, its lines are read as sentences. */
const MAX_FENCE = 1_200;
/** Where a fenced block that opens at `i` ("```") ends (after its closing fence), or -1. Bounded by MAX_FENCE. */
export function fenceEnd(text: string, i: number): number {
  if (text.charCodeAt(i + 1) !== 96 || text.charCodeAt(i + 2) !== 96) return -1;
  const close = text.indexOf('```', i + 3);
  return close > 0 && close - i <= MAX_FENCE ? close + 3 : -1;
}
