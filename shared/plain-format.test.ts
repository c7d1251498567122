import { describe, expect, it } from 'vitest';
import { byteSize, compareText, count } from './plain-format.js';

describe('count', () => {
  it('writes what toLocaleString("en-US") writes for integers, negatives and short fractions', () => {
    for (const n of [
      0,
      7,
      999,
      1000,
      12345,
      1234567,
      -1234,
      -999,
      100000,
      2 ** 31,
      1.5,
      1234.5,
      0.25,
      98765.4321,
      -12345.75,
    ])
      expect(count(n), String(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
  });
  it('leaves what is not a plain number as JavaScript writes it', () => {
    expect(count(NaN)).toBe('NaN');
    expect(count(Infinity)).toBe('Infinity');
    expect(count(1e21)).toBe('1e+21');
  });
});

describe('compareText', () => {
  it('orders as a list is read, A-Z as a-z, the same whatever the locale', () => {
    expect(['b', 'B', 'a', 'A', '\u00e9', 'e', '_x', '10', '9', 'Zeta', 'alpha', 'al'].sort(compareText)).toEqual([
      '10',
      '9',
      '_x',
      'A',
      'a',
      'al',
      'alpha',
      'B',
      'b',
      'e',
      'Zeta',
      '\u00e9', // past every ASCII letter: code units, not a language's alphabet
    ]);
    expect(compareText('same', 'same')).toBe(0);
    expect(compareText('P01', 'P02')).toBeLessThan(0);
    // ISO times order as times.
    expect(compareText('2026-11-26T23:59:59.000Z', '2026-11-27T00:00:00.000Z')).toBeLessThan(0);
  });
});

describe('byteSize', () => {
  it('writes a size in the unit a person reads, one decimal below ten', () => {
    expect([0, 512, 1024, 3500, 12 * 1024 * 1024, 1.5 * 1024 ** 3, 2048 * 1024 ** 4].map(byteSize)).toEqual([
      '0 B',
      '512 B',
      '1 KB',
      '3.4 KB',
      '12 MB',
      '1.5 GB',
      '2048 TB',
    ]);
  });
});
