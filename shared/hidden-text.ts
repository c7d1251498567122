/** A character a reader would not see, or that changes how the text around it reads. */
export interface HiddenFinding {
  /** Index in UTF-16 code units. */
  index: number;
  codePoint: number;
  kind: 'zero-width' | 'bidi' | 'tag' | 'control' | 'ansi-escape' | 'variation-selector' | 'invisible';
}

/** What a text hides, and the same text with every hidden character made visible. */
export interface HiddenTextReport {
  findings: HiddenFinding[];
  /** The text with each hidden character replaced by a visible marker such as ⟦U+200B⟧. */
  revealed: string;
  /** ASCII smuggled in Unicode tag characters (U+E0020–U+E007E), decoded; empty when none. */
  tagPayload: string;
}

function classify(cp: number): HiddenFinding['kind'] | null {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff) return 'zero-width';
  if ((cp >= 0x2061 && cp <= 0x2064) || cp === 0x180e || cp === 0x00ad || cp === 0x034f || cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0)
    return 'invisible';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation-selector';
  if (cp === 0x1b) return 'ansi-escape';
  if ((cp < 0x20 && cp !== 0x0a && cp !== 0x09 && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f)) return 'control';
  return null;
}

function marker(cp: number): string {
  return `⟦U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟧`;
}

/**
 * Finds hidden characters (zero-width, bidi controls, tag characters, control codes, ANSI escapes).
 * Linear in the text, and plain text (the common case, even at 10 MB) is returned as it is.
 */
export function inspectHiddenText(text: string): HiddenTextReport {
  if (!HIDDEN_RE.test(text)) return { findings: [], revealed: text, tagPayload: '' };
  const findings: HiddenFinding[] = [];
  const parts: string[] = [];
  let tagPayload = '';
  let last = 0;
  // eslint-disable-next-line no-misleading-character-class -- the class lists invisible code points one by one, on purpose
  const re = new RegExp(HIDDEN_RE.source, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const cp = m[0].codePointAt(0)!;
    const kind = classify(cp);
    if (!kind) continue;
    findings.push({ index: m.index, codePoint: cp, kind });
    parts.push(text.slice(last, m.index), marker(cp));
    last = m.index + m[0].length;
    if (kind === 'tag' && cp >= 0xe0020 && cp <= 0xe007e) tagPayload += String.fromCharCode(cp - 0xe0000);
  }
  parts.push(text.slice(last));
  return { findings, revealed: parts.join(''), tagPayload };
}

/** Every character `classify` flags, as one regular expression (kept in step by a test). */
export const HIDDEN_RE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- these invisible characters are exactly what is searched for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]/;

/** True when the text holds any hidden character. Much cheaper than a full report. */
export function hasHiddenText(text: string): boolean {
  return HIDDEN_RE.test(text);
}

/** The classification of one code point, or null when it is visible (exported for tests). */
export const classifyCodePoint = classify;
