import { describe, expect, it } from 'vitest';
import { asciiJson } from './data-dir.js';

describe('asciiJson', () => {
  it('writes every character past ASCII as its escape: the same value, read back as ASCII text', () => {
    const value = {
      'clé 中': ['é', '中文', '😀 and 👩‍👩‍👧', '\u00a0\u2028\u2029', '\ud800 alone', 'Ω\u0301'],
      plain: 'ascii only, with "quotes" and \\ and \n',
      n: 1.5,
    };
    const text = asciiJson(JSON.stringify(value));
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(JSON.parse(text)).toEqual(value);
    // Text with nothing past ASCII is given back as it is.
    const plain = JSON.stringify({ a: 'b' });
    expect(asciiJson(plain)).toBe(plain);
  });
});
