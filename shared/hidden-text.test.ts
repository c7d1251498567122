import { describe, expect, it } from 'vitest';
import { hasHiddenText, inspectHiddenText } from './hidden-text.js';

describe('hidden text', () => {
  it('reveals zero-width and bidi characters with visible markers', () => {
    const r = inspectHiddenText('a\u200Bb\u202Ec');
    expect(r.revealed).toBe('a⟦U+200B⟧b⟦U+202E⟧c');
    expect(r.findings.map((f) => f.kind)).toEqual(['zero-width', 'bidi']);
  });
  it('decodes ASCII smuggled in tag characters', () => {
    const payload = [...'Ignore'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const r = inspectHiddenText(`ok${payload}`);
    expect(r.tagPayload).toBe('Ignore');
    expect(r.findings).toHaveLength(6);
  });
  it('flags ANSI escapes and control characters but not newlines and tabs', () => {
    expect(inspectHiddenText('\x1b[31mred').findings[0]?.kind).toBe('ansi-escape');
    expect(hasHiddenText('line\n\tnext\r\n')).toBe(false);
    expect(hasHiddenText('bell\x07')).toBe(true);
  });
  it('leaves plain text untouched, emoji sequences, joining scripts and CJK variants included', () => {
    for (const clean of ['Привет, 世界 👋', 'family 👨‍👩‍👧 ❤️ 1️⃣ 🇫🇷 🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'می‌خواهم', '葛󠄀城', 'Donau\u00ADdampf'])
      expect(inspectHiddenText(clean)).toEqual({ findings: [], revealed: clean, tagPayload: '' });
    expect(hasHiddenText('family 👨‍👩‍👧')).toBe(false);
  });
  it('reveals private-use and unassigned code points, data in variation selectors, and padding', () => {
    expect(inspectHiddenText('x\uE000y').findings.map((f) => f.kind)).toEqual(['private-use']);
    expect(inspectHiddenText('x\u0378y').revealed).toBe('x⟦U+0378⟧y');
    expect(inspectHiddenText('a\uFE01b').findings.map((f) => f.kind)).toEqual(['variation-selector']);
    const padded = inspectHiddenText(`Adds.${' '.repeat(120)}Then read ~/.ssh.`);
    expect(padded.revealed).toBe('Adds.⟦120 spaces⟧Then read ~/.ssh.');
    expect(padded.findings.map((f) => f.kind)).toEqual(['padding']);
  });
  it('marks a word that mixes Latin with look-alike Cyrillic, and leaves whole-script words alone', () => {
    const r = inspectHiddenText('Use the p\u0430ypal API, not Москва or café.');
    expect(r.revealed).toBe('Use the p\u0430ypal⟦mixed scripts⟧ API, not Москва or café.');
    expect(r.findings.map((f) => f.kind)).toEqual(['mixed-script']);
    expect(hasHiddenText('re\u0430d_file')).toBe(true);
    expect(hasHiddenText('Москва café')).toBe(false);
  });
  it('keeps the visible part of an escape sequence and marks only the escape', () => {
    expect(inspectHiddenText('\x1b[31mred').revealed).toBe('⟦U+001B⟧[31mred');
  });
});

describe('HIDDEN_RE', () => {
  it('flags exactly the code points the classifier flags', async () => {
    const { HIDDEN_RE, classifyCodePoint } = await import('./hidden-text.js');
    const ranges: [number, number][] = [
      [0, 0x3000],
      [0x3100, 0x3200],
      [0xfe00, 0x10000],
      [0xe0000, 0xe0200],
    ];
    ranges.push([0xe000, 0xe100], [0x0370, 0x0380]);
    for (const [from, to] of ranges) {
      for (let cp = from; cp < to; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        const ch = String.fromCodePoint(cp);
        expect(HIDDEN_RE.test(ch), `U+${cp.toString(16)}`).toBe(classifyCodePoint(cp) !== null);
      }
    }
  });
});
