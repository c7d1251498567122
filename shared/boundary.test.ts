import { describe, expect, it } from 'vitest';
import { clipMiddle, duplicateKey, overLimits, parseMeasured } from './boundary.js';

describe('clipMiddle', () => {
  it('leaves text within the bound alone', () => {
    expect(clipMiddle('short', 5)).toBe('short');
  });

  it('is at most max characters, the note included: the start and the end, and how much was left out', () => {
    const text = 'A'.repeat(50_000) + 'C'.repeat(50_000);
    for (const max of [40, 41, 100, 999, 1000]) {
      const out = clipMiddle(text, max);
      expect(out.length, `max ${max}`).toBeLessThanOrEqual(max);
      expect(out.length, `max ${max}`).toBeGreaterThanOrEqual(max - 2);
      const m = /^(A*)… \(([\d,]+) characters left out\) …(C*)$/.exec(out);
      expect(m, `max ${max}: ${out.slice(0, 80)}`).not.toBeNull();
      const [, head, left, tail] = m!;
      expect(head!.length + Number(left!.replace(/,/g, '')) + tail!.length).toBe(text.length);
      expect(head!.length).toBeGreaterThanOrEqual(tail!.length);
      expect(tail!.length).toBeGreaterThan(0);
    }
  });

  it('cuts the start alone when max is too small for the note', () => {
    expect(clipMiddle('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(clipMiddle('x'.repeat(100), 1)).toBe('…');
  });
});

describe('duplicateKey', () => {
  it('finds a key given twice in one object, at any depth, with its line', () => {
    expect(duplicateKey('{"rules": [1],\n "rules": []}')).toEqual({ key: 'rules', line: 2 });
    expect(duplicateKey('{"a": {"b": 1, "c": {"d": 1, "d": 2}}}')).toEqual({ key: 'd', line: 1 });
    expect(duplicateKey('{"a\\u0062": 1, "ab": 2}')).toEqual({ key: 'ab', line: 1 });
  });

  it('leaves alone the same key in different objects, keys inside strings, and arrays of objects', () => {
    expect(duplicateKey('[{"a": 1}, {"a": 2}]')).toBeUndefined();
    expect(duplicateKey('{"a": {"a": 1}, "b": "{\\"a\\": 1, \\"a\\": 2}"}')).toBeUndefined();
    expect(duplicateKey('{"x": [1, "a", {"a": 1}], "a": 3}')).toBeUndefined();
  });

  it('refuses a file with one through parseMeasured, naming the key', () => {
    expect(() => parseMeasured('{"rules": [], "rules": []}', 'the policy file')).toThrow(
      'the policy file was refused: the key "rules" appears twice in one object (line 1); only one can hold',
    );
  });
});

describe('overLimits', () => {
  it('names the first limit a value passes, and nothing for a value within them', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(overLimits(deep, { depth: 100, values: 1000, stringChars: 10 })).toBeUndefined();
    expect(overLimits(deep, { depth: 20, values: 1000, stringChars: 10 })).toMatch(/deeper than 20 levels/);
    expect(overLimits(deep, { depth: 100, values: 30, stringChars: 10 })).toMatch(/more than 30 values/);
    expect(overLimits({ k: 'x'.repeat(11) }, { depth: 20, values: 1000, stringChars: 10 })).toMatch(
      /11 characters \(the limit is 10\)/,
    );
  });
});
