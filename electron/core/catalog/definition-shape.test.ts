import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from '../../../shared/json-depth.js';
import { definitionShape } from './definition-shape.js';

/** Random JSON values, strings drawn from plain text, escapes, non-ASCII and hiding characters. */
function values(count: number): unknown[] {
  let seed = 11;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const texts = [
    'plain words',
    '',
    'a "quote"',
    'back\\slash',
    'tab\there',
    'café',
    '東京',
    'zero\u200bwidth',
    'bidi\u202e',
    '\ud800',
    '~{}[]:,',
  ];
  const make = (d: number): unknown => {
    if (d > 6 || rand(3) === 0) return [texts[rand(texts.length)], 12.5, -3, null, true][rand(5)];
    const n = rand(4);
    return rand(2)
      ? Array.from({ length: n }, () => make(d + 1))
      : Object.fromEntries(
          Array.from({ length: n }, (_, i) => [rand(6) ? `k${i}` : texts[rand(texts.length)]!, make(d + 1)]),
        );
  };
  return Array.from({ length: count }, () => make(0));
}

describe('definitionShape', () => {
  it('calls a definition plain exactly when its JSON text is printable ASCII without an escape', () => {
    let plain = 0;
    for (const v of values(2000)) {
      const json = JSON.stringify(v);
      const expected = !/[^\x20-\x7e]/.test(json) && !json.includes('\\');
      expect(definitionShape(v).plain, json).toBe(expected);
      if (expected) plain++;
    }
    // Both answers were asked for.
    expect(plain).toBeGreaterThan(100);
    expect(plain).toBeLessThan(1900);
  });

  it('counts a floor of the JSON text’s length, near it for plain text', () => {
    for (const v of values(2000)) expect(definitionShape(v).chars).toBeLessThanOrEqual(JSON.stringify(v).length);
    const def = {
      name: 'search',
      description: 'x'.repeat(5000),
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    };
    expect(definitionShape(def).chars).toBeGreaterThan(JSON.stringify(def).length - 20);
  });

  it('finds the depth nestedDeeperThan finds, and stops at the limit', () => {
    for (const v of values(500))
      for (const limit of [0, 1, 2, 3, 5, 8])
        expect(definitionShape(v, limit).tooDeep).toBe(nestedDeeperThan(v, limit));
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = { x: deep };
    expect(definitionShape(deep).tooDeep).toBe(true);
  });

  it('reads keys as well as values, and a key JSON.parse made own, such as __proto__', () => {
    expect(definitionShape({ ['k\u0007']: 1 }).plain).toBe(false);
    expect(definitionShape(JSON.parse('{"__proto__":{"d":"hide\\u200b"}}')).plain).toBe(false);
    expect(definitionShape(JSON.parse('{"__proto__":{"d":"shown"}}')).plain).toBe(true);
  });
});
