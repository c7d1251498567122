import { mixedScriptHits } from './review/confusables.js';
import { CANDIDATE, hiddenHits } from './review/hidden.js';

/** A character a reader would not see, or that changes how the text around it reads. */
export interface HiddenFinding {
  /** Index in UTF-16 code units. */
  index: number;
  codePoint: number;
  kind:
    | 'zero-width'
    | 'bidi'
    | 'tag'
    | 'control'
    | 'ansi-escape'
    | 'variation-selector'
    | 'invisible'
    | 'private-use'
    | 'unassigned'
    | 'padding'
    | 'mixed-script';
}

/** What a text hides, and the same text with every hidden character made visible. */
export interface HiddenTextReport {
  findings: HiddenFinding[];
  /** The text with each hidden character replaced by a visible marker such as ⟦U+200B⟧, and padding by ⟦200 spaces⟧. */
  revealed: string;
  /** ASCII smuggled in Unicode tag characters (U+E0020–U+E007E), decoded; empty when none. */
  tagPayload: string;
}

/** The kind of one code point when it is hidden wherever it appears (context decides the rest); null when visible. */
function classify(cp: number): HiddenFinding['kind'] | null {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff) return 'zero-width';
  if (
    (cp >= 0x2061 && cp <= 0x2064) ||
    (cp >= 0x2065 && cp <= 0x206f) ||
    (cp >= 0x180b && cp <= 0x180f) ||
    [0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x3164, 0xffa0].includes(cp)
  )
    return 'invisible';
  if (
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x061c ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069)
  )
    return 'bidi';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation-selector';
  if (cp === 0x1b || cp === 0x9b) return 'ansi-escape';
  if ((cp < 0x20 && cp !== 0x0a && cp !== 0x09 && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  const ch = String.fromCodePoint(cp);
  if (/\p{Co}/u.test(ch)) return 'private-use';
  if (/\p{Cn}/u.test(ch)) return 'unassigned';
  return null;
}

function marker(cp: number): string {
  return `⟦U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟧`;
}

const PADDING_HINT = / {40}|\t{40}|\n{8}|\n[ \t]*\n/;
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * Finds hidden content with the review's rules (rules H01–H10): invisible and control characters,
 * bidi controls, tag characters, variation selectors used as data, private-use and unassigned code
 * points, and padding that pushes text out of view. Emoji sequences, joining scripts and CJK
 * variants are left alone. Plain text (the common case, even at 10 MB) is returned as it is.
 */
export function inspectHiddenText(text: string): HiddenTextReport {
  if (!HIDDEN_RE.test(text) && !PADDING_HINT.test(text) && !NON_ASCII.test(text))
    return { findings: [], revealed: text, tagPayload: '' };
  const hits = [...hiddenHits(text, 'prose'), ...mixedScriptHits(text)].sort((a, b) => a.start - b.start);
  if (hits.length === 0) return { findings: [], revealed: text, tagPayload: '' };
  const findings: HiddenFinding[] = [];
  const parts: string[] = [];
  let tagPayload = '';
  let last = 0;
  const invisible = new RegExp(CANDIDATE.source, 'gu');
  for (const h of hits) {
    if (h.start < last) continue;
    parts.push(text.slice(last, h.start));
    if (h.rule === 'H11') {
      // A word that mixes scripts: kept as written, marked after it (the letters are visible; what they are is not).
      findings.push({ index: h.start, codePoint: text.codePointAt(h.start)!, kind: 'mixed-script' });
      parts.push(text.slice(h.start, h.end), '⟦mixed scripts⟧');
    } else if (h.rule === 'H10') {
      const run = text.slice(h.start, h.end);
      const lines = run.split('\n').length - 1;
      findings.push({ index: h.start, codePoint: run.codePointAt(0)!, kind: 'padding' });
      parts.push(lines ? `⟦${lines} blank lines⟧\n` : `⟦${run.length} spaces⟧`);
    } else {
      // Inside a hit, only the invisible characters are replaced: the visible part of an escape sequence stays.
      const span = text.slice(h.start, h.end);
      parts.push(
        span.replace(invisible, (ch, offset: number) => {
          const cp = ch.codePointAt(0)!;
          const kind = classify(cp);
          if (!kind) return ch;
          findings.push({ index: h.start + offset, codePoint: cp, kind });
          if (kind === 'tag' && cp >= 0xe0020 && cp <= 0xe007e) tagPayload += String.fromCharCode(cp - 0xe0000);
          return marker(cp);
        }),
      );
    }
    last = h.end;
  }
  parts.push(text.slice(last));
  return { findings, revealed: parts.join(''), tagPayload };
}

/** Every character `classify` flags, as one regular expression (kept in step by a test). */
export const HIDDEN_RE = new RegExp(CANDIDATE.source, 'u');

/** True when the text hides something, or mixes look-alike scripts in a word (padding aside). Cheap on plain text. */
export function hasHiddenText(text: string): boolean {
  return (HIDDEN_RE.test(text) && hiddenHits(text, 'name').length > 0) || mixedScriptHits(text).length > 0;
}

/** The classification of one code point, or null when it is visible (exported for tests). */
export const classifyCodePoint = classify;
