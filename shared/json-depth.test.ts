import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.js';

/** An array nested `levels` deep around a string: [[["x"]]] is 3. */
function nest(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { k: v };
  return v;
}

describe('nestedDeeperThan', () => {
  it('counts objects and arrays, not the values in them', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({}, 1)).toBe(false);
    expect(nestedDeeperThan(nest(3), 3)).toBe(false);
    expect(nestedDeeperThan(nest(3), 2)).toBe(true);
  });

  it('takes MAX_JSON_DEPTH by default, exactly at the line', () => {
    expect(nestedDeeperThan(nest(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nest(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('finds the one deep path among wide shallow ones', () => {
    const wide = { a: Array.from({ length: 1000 }, (_, i) => ({ i })), b: { c: nest(10) } };
    expect(nestedDeeperThan(wide, 11)).toBe(true);
    expect(nestedDeeperThan(wide, 12)).toBe(false);
  });

  it('answers a value far deeper than the stack allows without overflowing', () => {
    expect(nestedDeeperThan(nest(200_000), 1000)).toBe(true);
  });

  it('answers as a walk with a stack of its own does, on random values', () => {
    // The walk this replaced: pairs of value and depth on a stack of its own.
    const reference = (value: unknown, limit: number): boolean => {
      const stack: [unknown, number][] = [[value, 0]];
      while (stack.length) {
        const [v, d] = stack.pop()!;
        if (v === null || typeof v !== 'object') continue;
        if (d >= limit) return true;
        for (const x of Object.values(v)) stack.push([x, d + 1]);
      }
      return false;
    };
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const make = (d: number): unknown => {
      if (d > 12 || rand(4) === 0) return [1, 'x', null, true][rand(4)];
      const n = rand(4);
      return rand(2)
        ? Array.from({ length: n }, () => make(d + 1))
        : Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, make(d + 1)]));
    };
    for (let i = 0; i < 500; i++) {
      const v = make(0);
      for (const limit of [0, 1, 2, 4, 8, 16]) expect(nestedDeeperThan(v, limit)).toBe(reference(v, limit));
    }
  });

  it('reads own keys only', () => {
    const proto = { inherited: nest(50) };
    const v = Object.create(proto) as Record<string, unknown>;
    v.own = 1;
    expect(nestedDeeperThan(v, 5)).toBe(false);
  });
});
