import { describe, expect, it } from 'vitest';
import { progressLine, type Progress } from './progress-line.js';

const heard = () => {
  const got: Progress[] = [];
  return { got, line: progressLine((p) => void got.push(p)) };
};
const increasing = (got: Progress[]) => got.every((p, i) => i === 0 || p.progress > got[i - 1]!.progress);

describe('progressLine', () => {
  it("passes a server's progress through unchanged when the call never waited", () => {
    const { got, line } = heard();
    for (const p of [0, 1, 2, 3]) line.forward({ progress: p, total: 3, message: `step ${p}` });
    expect(got).toEqual([0, 1, 2, 3].map((p) => ({ progress: p, total: 3, message: `step ${p}` })));
  });

  it('never repeats a value: notes while the person decides, then the server counting from 0', () => {
    const { got, line } = heard();
    line.note('waiting');
    line.note('waiting');
    line.note('waiting');
    for (const p of [0, 1, 2, 3]) line.forward({ progress: p, total: 3 });
    expect(got.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The fraction still ends whole: the total moved up with the values.
    expect(got.at(-1)).toEqual({ progress: 6, total: 6 });
    expect(got.slice(0, 3).every((p) => p.total === undefined && p.message === 'waiting')).toBe(true);
  });

  it('a note in the middle of the run (a question to the person) keeps the line increasing', () => {
    const { got, line } = heard();
    line.forward({ progress: 1, total: 4 });
    line.note('waiting for an answer');
    line.forward({ progress: 2, total: 4 });
    line.forward({ progress: 4, total: 4 });
    expect(got.map((p) => p.progress)).toEqual([1, 2, 3, 5]);
    expect(increasing(got)).toBe(true);
    expect(got.at(-1)!.total).toBe(5);
  });

  it('a server going back, or repeating, is moved up; a value that is not a number is dropped', () => {
    const { got, line } = heard();
    for (const p of [5, 5, 2, Number.NaN, 7]) line.forward({ progress: p });
    expect(got.map((p) => p.progress)).toEqual([5, 6, 7, 12]);
    expect(increasing(got)).toBe(true);
  });
});
