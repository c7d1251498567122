import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { sameJson } from './json-equal.js';

describe('sameJson', () => {
  it('holds exactly when canonical JSON is the same', () => {
    const pairs: [unknown, unknown][] = [
      [
        { a: 1, b: [1, { c: 'x' }] },
        { b: [1, { c: 'x' }], a: 1 },
      ],
      [{ a: 1 }, { a: 1, b: 2 }],
      [
        { a: 1, b: 2 },
        { a: 1, c: 2 },
      ],
      [
        [1, 2],
        [2, 1],
      ],
      [{ a: [] }, { a: {} }],
      [{ a: null }, { a: {} }],
      [{ a: '1' }, { a: 1 }],
      [{ a: true }, { a: 'true' }],
      [0, -0],
      [{ description: 'Reads a file.' }, { description: 'Reads a file.\u200B' }],
    ];
    for (const [a, b] of pairs) expect(sameJson(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
  });

  it('counts own keys only: a parsed __proto__ key is a difference, never the prototype', () => {
    const known = JSON.parse('{"name":"t","inputSchema":{}}') as unknown;
    const other = JSON.parse('{"name":"t","inputSchema":{},"__proto__":{}}') as unknown;
    expect(sameJson(known, other)).toBe(false);
    const withProto = JSON.parse('{"a":1,"__proto__":{"x":1}}') as unknown;
    expect(sameJson(withProto, JSON.parse('{"a":1,"__proto__":{"x":1}}'))).toBe(true);
    expect(sameJson(withProto, JSON.parse('{"a":1,"b":{"x":1}}'))).toBe(false);
  });

  it('never walks deeper than the value it knows: hostile nesting is a difference, not a stack overflow', () => {
    let deep: unknown = {};
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(sameJson({ a: { a: {} } }, deep)).toBe(false);
    expect(sameJson(deep, deep)).toBe(true); // the same object: equal without a walk
  });
});
