import { describe, expect, it } from 'vitest';
import { safe, summary } from './terminal-text.js';

describe('text from a server on a terminal', () => {
  it('shows every control character as \\xNN, and line breaks too in a single-line field', () => {
    expect(safe('a\x1b[31mb\x07')).toBe('a\\x1b[31mb\\x07');
    expect(safe('one\ntwo\tthree')).toBe('one\ntwo\tthree');
    expect(safe('one\ntwo', true)).toBe('one\\x0atwo');
    expect(safe('over\rdrawn')).toBe('over\\x0ddrawn');
    expect(safe('x\u202Ey')).toBe('x⟦U+202E⟧y');
  });

  it("makes a description one line: its line breaks and tabs are spaces, as a table's cell", () => {
    expect(summary('A detailed tool.\nIt helps:\n\n  - think\tclearly  ')).toBe(
      'A detailed tool. It helps: - think clearly',
    );
    expect(summary('Windows lines\r\nstay lines')).toBe('Windows lines stay lines');
  });

  it('still shows what would draw over the line: a lone CR, an escape, a bidi control', () => {
    expect(summary('Harmless\rRisk: none')).toBe('Harmless\\x0dRisk: none');
    expect(summary('red \x1b[31m\nnext')).toBe('red \\x1b[31m next');
    expect(summary('a\u202Eb')).toBe('a⟦U+202E⟧b');
  });

  it('cuts at the limit after the spaces are made, never inside a surrogate pair', () => {
    expect(summary('abc\n\n\ndef', 7)).toBe('abc def');
    expect(summary('abcdefghij', 4)).toBe('abcd…');
    expect(summary('abc😀def', 4)).toBe('abc…');
    expect(summary('x'.repeat(200))).toHaveLength(121);
  });
});
