import { classifyCodePoint, inspectHiddenText } from './hidden-text.js';

/**
 * Text from a server, made safe for a terminal: every control character (C0, C1, ESC, BEL, CR, and
 * LF/TAB in single-line fields) is shown as `\xNN`, every other hidden character (bidi controls,
 * zero-width, tag characters…) as `⟦U+XXXX⟧`, and what tag characters smuggle is decoded after it.
 * Nothing a server sends can move the cursor, set the title or draw a line of its own.
 */
export function safe(text: string, singleLine = false): string {
  // SECURITY: the one sanitizer for everything the command line prints that came from outside.
  const s = String(text);
  const report = inspectHiddenText(s);
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
      if ((cp === 0x0a || cp === 0x09) && !singleLine) out += ch;
      else out += `\\x${cp.toString(16).padStart(2, '0')}`;
    } else if (report.findings.length && classifyCodePoint(cp)) out += `⟦U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟧`;
    else out += ch;
  }
  return report.tagPayload ? `${out} ⟦hidden tag text: ${JSON.stringify(report.tagPayload)}⟧` : out;
}

/** "1 tool", "2 tools". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

