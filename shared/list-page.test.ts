import { describe, expect, it } from 'vitest';
import { pageOf } from './list-page.js';

describe('pageOf', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];
  it('serves the whole list when no page is asked for, without copying it', () => {
    expect(pageOf(items)).toBe(items);
  });
  it('serves a window from the offset, at most limit long, and an empty page past the end', () => {
    expect(pageOf(items, 1, 2)).toEqual(['b', 'c']);
    expect(pageOf(items, 3)).toEqual(['d', 'e']);
    expect(pageOf(items, 4, 10)).toEqual(['e']);
    expect(pageOf(items, 9, 1)).toEqual([]);
  });
});
