import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.js';

describe('the changed region of two texts', () => {
  it('trims what both share at each end and shows the middle of each', () => {
    expect(lineDiff('a\nb\nc\nd', 'a\nB\nC\nd')).toEqual({
      same: { before: 1, after: 1 },
      removed: ['b', 'c'],
      added: ['B', 'C'],
      cut: { removed: 0, added: 0 },
    });
    expect(lineDiff('a\nb', 'a\nb')).toEqual({
      same: { before: 2, after: 0 },
      removed: [],
      added: [],
      cut: { removed: 0, added: 0 },
    });
    expect(lineDiff('a', 'a\nb').added).toEqual(['b']);
  });

  it('bounds what it shows: lines a side, characters a line', () => {
    const d = lineDiff('x', Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n'), 10);
    expect(d.added).toHaveLength(10);
    expect(d.cut.added).toBe(290);
    expect(lineDiff('a', 'z'.repeat(1000)).added[0]).toMatch(/…\(1000 characters\)$/);
  });
});
