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
    expect(inspectHiddenText('\x1b[31mred').findings[0].kind).toBe('ansi-escape');
    expect(hasHiddenText('line\n\tnext\r\n')).toBe(false);
    expect(hasHiddenText('bell\x07')).toBe(true);
  });
  it('leaves plain text untouched', () => {
    expect(inspectHiddenText('Привет, 世界 👋').revealed).toBe('Привет, 世界 👋');
  });
});
