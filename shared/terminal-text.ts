import { classifyCodePoint, HIDDEN_RE } from './hidden-text.js';

/**
 * Text from a server, made safe for a terminal: every control character (C0, C1, ESC, BEL, CR, and
 * LF/TAB in single-line fields) is shown as `\xNN`, every other hidden character (bidi controls,
 * zero-width, tag characters…) as `⟦U+XXXX⟧`, and what tag characters smuggle is decoded after it.
 * Nothing a server sends can move the cursor, set the title or draw a line of its own.
 */
export function safe(text: string, singleLine = false): string {
  // SECURITY: the one sanitizer for everything the command line prints that came from outside.
  const s = String(text);
  if (!HIDDEN_RE.test(s) && !s.includes('\r') && !(singleLine && /[\n\t]/.test(s))) return s;
  let tags = '';
  const out = s.replace(TERMINAL_UNSAFE, (ch) => {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
      if ((cp === 0x0a || cp === 0x09) && !singleLine) return ch;
      return `\\x${cp.toString(16).padStart(2, '0')}`;
    }
    if (cp >= 0xe0020 && cp <= 0xe007e) tags += String.fromCharCode(cp - 0xe0000);
    return classifyCodePoint(cp) ? `⟦U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟧` : ch;
  });
  return tags ? `${out} ⟦hidden tag text: ${JSON.stringify(tags)}⟧` : out;
}

/**
 * A server's prose (a tool's or prompt's description) as part of one line: its line breaks (LF or
 * CRLF) and tabs are spaces, as a table shows them, then it is cut to `max` characters and made
 * safe. A lone CR is not a line break: it still shows as `\x0d` (it would draw over the line).
 */
export function summary(text: string, max = 120): string {
  const flat = String(text)
    .replace(/[ \t]*(?:\r?\n[ \t]*)+|\t+/g, ' ')
    .trim();
  if (flat.length <= max) return safe(flat, true);
  // Never half of a surrogate pair.
  const cut = /[\ud800-\udbff]/.test(flat[max - 1]!) ? max - 1 : max;
  return safe(flat.slice(0, cut) + '…', true);
}

/** Every control character, and every character the hidden-text scan flags. */
const TERMINAL_UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f]|${HIDDEN_RE.source}`, 'gu');

/** "1 tool", "2 tools". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
