import type { TextRole } from './texts.js';

/** One span a rule matched in one text: UTF-16 offsets, a one-line explanation. */
export interface Hit {
  rule: string;
  start: number;
  end: number;
  message: string;
}

export function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Every character the hidden-content rules look at; everything else is plain text. */
export const CANDIDATE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- what is searched for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}\p{Co}\p{Cn}]/gu;
const NOT_PLAIN_ASCII = /[^\x20-\x7E\t\n\r]/;
// A run of white space, spaces and line breaks together, tried from its first character only (the look-behind: a
// start inside a run would scan the rest of it again, quadratic in its length) and taken whole (nothing after it to
// backtrack into). It is padding when text follows it and it holds 40 spaces in a row or 8 line breaks: "300 spaces,
// a line break, an order" is the same hiding as 300 spaces before the order.
const WHITE_RUN = /(?<![ \t\r\n\u00A0\u2000-\u200A\u3000])[ \t\r\n\u00A0\u2000-\u200A\u3000]{8,}/g;
const SPACES_IN_A_ROW = /[ \t\u00A0\u2000-\u200A\u3000]{40}/;

/** How many line breaks a run holds, up to `enough`. */
function breaks(run: string, enough: number): number {
  let n = 0;
  for (let i = run.indexOf('\n'); i >= 0 && n < enough; i = run.indexOf('\n', i + 1)) n++;
  return n;
}

const PICTO = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u20E3\uFE0F]/u;
const EMOJI_BASE = /\p{Emoji}/u;
const SPACELESS =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Tibetan}]/u;
const JOINING = /[\p{L}\p{M}]/u;
const LATINISH = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Common}]/u;
const HAN = /\p{Script=Han}/u;
const MATH_OR_CJK =
  /[\p{Sm}\p{So}\p{Script=Han}\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Script=Manichaean}\p{Script=Mongolian}]/u;

function cpBefore(text: string, i: number): string {
  if (i <= 0) return '';
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) return text.slice(i - 2, i);
  return text[i - 1] ?? '';
}

function cpAt(text: string, i: number): string {
  const cp = text.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/** Whether a zero-width character sits where it does real work (emoji sequences, joining scripts). */
function zeroWidthIsLegit(text: string, start: number, end: number, cp: number): boolean {
  const prev = cpBefore(text, start);
  const next = cpAt(text, end);
  if (cp === 0xfeff && start === 0) return true; // a byte-order mark
  if (cp === 0x200d && PICTO.test(prev) && PICTO.test(next)) return true;
  const joinScript = (c: string): boolean => JOINING.test(c) && !LATINISH.test(c);
  if ((cp === 0x200c || cp === 0x200d) && joinScript(prev) && joinScript(next)) return true;
  if (cp === 0x200b && SPACELESS.test(prev) && SPACELESS.test(next)) return true;
  return false;
}

/** Decodes a run of variation selectors the way "emoji smuggling" encodes bytes. */
function decodeSelectors(run: string): string {
  const bytes: number[] = [];
  for (const ch of run) {
    const cp = ch.codePointAt(0)!;
    bytes.push(cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16);
  }
  const text = String.fromCharCode(...bytes.filter((b) => b >= 0x20 && b < 0x7f));
  return text.length >= Math.max(2, bytes.length * 0.6) ? text : '';
}

/** Extends an ESC at `i` over the whole escape sequence (CSI, OSC, or one character). */
function escapeEnd(text: string, i: number): number {
  const kind = text[i + 1];
  if (kind === '[') {
    let j = i + 2;
    while (j < text.length && /[0-?]/.test(text[j]!)) j++;
    while (j < text.length && /[ -/]/.test(text[j]!)) j++;
    return Math.min(text.length, j + 1);
  }
  if (kind === ']') {
    const bel = text.indexOf('\u0007', i);
    const st = text.indexOf('\u001b\\', i + 2);
    const ends = [bel >= 0 ? bel + 1 : -1, st >= 0 ? st + 2 : -1].filter((n) => n > 0);
    return ends.length ? Math.min(...ends) : Math.min(text.length, i + 2);
  }
  return Math.min(text.length, i + 2);
}

/** Where the run of code points from `i` that pass `test` ends. */
function runEnd(text: string, i: number, test: (c: number) => boolean): number {
  let j = i;
  while (j < text.length) {
    const c = text.codePointAt(j)!;
    if (!test(c)) break;
    j += c > 0xffff ? 2 : 1;
  }
  return j;
}

/** A run of variation selectors at `i`: legit on an emoji, a Han or a math character; else hidden data (H06). */
function selectors(
  text: string,
  i: number,
  cp: number,
  runOf: (test: (c: number) => boolean) => number,
): { rule: string | null; end: number; message: string; severity?: 'low' } | null {
  const end = runOf((c) => (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef));
  const count = [...text.slice(i, end)].length;
  const base = cpBefore(text, i);
  if (count === 1) {
    if ((cp === 0xfe0e || cp === 0xfe0f) && EMOJI_BASE.test(base)) return null;
    if (cp >= 0xe0100 && HAN.test(base)) return null;
    if (cp < 0xfe0e && MATH_OR_CJK.test(base)) return null;
  }
  // "🛠\uFE0F\uFE0F": a presentation selector typed twice on an emoji carries nothing (a payload needs many, of
  // many values): shown, as a note.
  if (count <= 3 && /^[\uFE0E\uFE0F]+$/.test(text.slice(i, end)) && EMOJI_BASE.test(base))
    return { rule: 'H06', end, message: `${count} presentation selectors on one emoji`, severity: 'low' };
  // "Open Collective\uFE0F": one presentation selector left where an emoji was dropped carries a bit at most.
  if (count === 1 && (cp === 0xfe0e || cp === 0xfe0f))
    return {
      rule: 'H06',
      end,
      message: `a stray presentation selector on ${base ? hex(base.codePointAt(0)!) : 'nothing'}`,
      severity: 'low',
    };
  const decoded = decodeSelectors(text.slice(i, end));
  return {
    rule: 'H06',
    end,
    message: decoded
      ? `${count} variation selectors encode the text ${JSON.stringify(decoded)}`
      : `${count} variation selector${count > 1 ? 's' : ''} on ${base ? hex(base.codePointAt(0)!) : 'nothing'}`,
  };
}

/** Classifies the candidate at `i`; returns the rule and how far its run extends, or null when it is legit. */
function classify(
  text: string,
  i: number,
  cp: number,
  len: number,
): { rule: string | null; end: number; message: string; severity?: 'low' } | null {
  const runOf = (test: (c: number) => boolean): number => runEnd(text, i, test);
  if (cp === 0x1b || cp === 0x9b)
    return {
      rule: 'H01',
      end: cp === 0x1b ? escapeEnd(text, i) : i + 1,
      message: `terminal escape sequence at ${hex(cp)}`,
    };
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
    const end = runOf(
      (c) => (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 0x1b) || (c >= 0x7f && c <= 0x9f && c !== 0x9b),
    );
    return { rule: 'H02', end, message: `control character${end - i > 1 ? 's' : ''} ${hex(cp)}` };
  }
  if (
    cp === 0x061c ||
    (cp >= 0x200e && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069)
  )
    return { rule: 'H03', end: i + len, message: `bidirectional control ${hex(cp)} changes how the text reads` };
  if (cp >= 0xe0000 && cp <= 0xe007f) {
    const end = runOf((c) => c >= 0xe0000 && c <= 0xe007f);
    const run = text.slice(i, end);
    const prev = cpBefore(text, i);
    if (prev === '\u{1F3F4}' && /^[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]+\u{E007F}$/u.test(run) && end - i <= 16)
      return { rule: null, end, message: 'a subdivision flag' };
    let payload = '';
    for (const ch of run) {
      const c = ch.codePointAt(0)!;
      if (c >= 0xe0020 && c <= 0xe007e) payload += String.fromCharCode(c - 0xe0000);
    }
    return {
      rule: 'H05',
      end,
      message: payload ? `tag characters hide the text ${JSON.stringify(payload)}` : 'tag characters',
    };
  }
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return selectors(text, i, cp, runOf);
  if ([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff].includes(cp)) {
    if (zeroWidthIsLegit(text, i, i + 1, cp)) return null;
    const end = runOf((c) => [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff].includes(c));
    // A short run of zero-width spaces beside a space splits no word and carries no data: shown, as a note.
    const besideSpace = /\s/.test(text[i - 1] ?? ' ') || /\s/.test(text[end] ?? ' ');
    const spacesOnly = [...text.slice(i, end)].every((c) => c === '\u200b');
    if (besideSpace && spacesOnly && end - i <= 3)
      return {
        rule: 'H04',
        end,
        message: `zero-width space${end - i > 1 ? 's' : ''} beside a space (splits no word)`,
        severity: 'low',
      };
    return { rule: 'H04', end, message: `zero-width character${end - i > 1 ? 's' : ''} ${hex(cp)}` };
  }
  if (cp === 0x00ad) {
    const end = runOf((c) => c === 0xad);
    // hyphenation point
    if (end - i === 1 && JOINING.test(cpBefore(text, i)) && JOINING.test(cpAt(text, end))) return null;
    return { rule: 'H09', end, message: 'soft hyphens outside a word' };
  }
  if (cp >= 0x180b && cp <= 0x180f && /\p{Script=Mongolian}/u.test(cpBefore(text, i))) return null;
  if (
    [0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x3164, 0xffa0].includes(cp) ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x2061 && cp <= 0x206f)
  )
    return { rule: 'H09', end: i + len, message: `invisible filler ${hex(cp)}` };
  if (/\p{Co}/u.test(String.fromCodePoint(cp))) {
    const end = runOf((c) => /\p{Co}/u.test(String.fromCodePoint(c)));
    return { rule: 'H07', end, message: `private-use code point ${hex(cp)}` };
  }
  const end = runOf((c) => /\p{Cn}/u.test(String.fromCodePoint(c)));
  return { rule: 'H08', end: Math.max(end, i + len), message: `unassigned code point ${hex(cp)}` };
}

/** Hidden content in one text (rules H01–H10); a plain ASCII text costs one regular-expression test. */
export function hiddenHits(text: string, role: TextRole): (Hit & { severity?: 'low' })[] {
  const hits: (Hit & { severity?: 'low' })[] = [];
  if (role !== 'pattern' && role !== 'name') {
    WHITE_RUN.lastIndex = 0;
    for (let m = WHITE_RUN.exec(text); m; m = WHITE_RUN.exec(text)) {
      const run = m[0];
      if (m.index + run.length >= text.length) continue;
      const lines = breaks(run, 8) >= 8;
      if (!lines && !SPACES_IN_A_ROW.test(run)) continue;
      hits.push({
        rule: 'H10',
        start: m.index,
        end: m.index + run.length,
        message: `${lines ? 'blank lines' : 'spaces'} (${run.length} characters) push the text after them out of view`,
      });
    }
  }
  if (!NOT_PLAIN_ASCII.test(text)) return hits;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
    const cp = m[0].codePointAt(0)!;
    const c = classify(text, m.index, cp, m[0].length);
    if (!c) continue;
    if (c.rule)
      hits.push({
        rule: c.rule,
        start: m.index,
        end: c.end,
        message: c.message,
        ...(c.severity ? { severity: c.severity } : {}),
      });
    CANDIDATE.lastIndex = Math.max(CANDIDATE.lastIndex, c.end);
  }
  return hits;
}
