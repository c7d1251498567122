import { describe, expect, it } from 'vitest';
import { compareText, count } from './plain-format.js';

describe('count', () => {
  it('writes what toLocaleString("en-US") writes for integers, negatives and short fractions', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -1234, -999, 100000, 2 ** 31, 1.5, 1234.5, 0.25, 98765.4321, -12345.75])
      expect(count(n), String(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  });
  it('leaves what is not a plain number as JavaScript writes it', () => {
    expect(count(NaN)).toBe('NaN');
    expect(count(Infinity)).toBe('Infinity');
    expect(count(1e21)).toBe('1e+21');
  });
});

describe('compareText', () => {
  it('orders by code units, not by locale', () => {
    expect(['b', 'B', 'a', 'A', 'é', 'e', '_x', '10', '9'].sort(compareText)).toEqual(['10', '9', 'A', 'B', '_x', 'a', 'b', 'e', 'é']);
    expect(compareText('same', 'same')).toBe(0);
    expect(compareText('P01', 'P02')).toBeLessThan(0);
  });
});
