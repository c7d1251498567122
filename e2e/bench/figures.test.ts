import { describe, expect, it } from 'vitest';
import { figuresOf, regressions } from './figures.js';

const RUN_A = [
  'the command line, start to exit (median of 10; goal: within 1.2x):',
  '  list the tools        bare SDK 1040 ms   mcp-console 1228 ms   ratio 1.18x',
  'approval gateway: 1000 calls:',
  '  10 agents x 4 in flight: 2650 calls/s, p50 0.310 ms',
  'the third round: recall 96.9% (31/32)',
];

describe('the figures a bench run keeps for the next', () => {
  it('reads every number with a unit, by its heading and its words, and nothing else', () => {
    const f = figuresOf(RUN_A);
    // The goal in the first heading is a figure too (a constant: it never regresses).
    expect(Object.keys(f)).toHaveLength(4);
    const cli = Object.entries(f).find(([k]) => k.includes('list the tools'))!;
    expect(cli[0]).toMatch(/^the command line, start to exit .* \/ list the tools +bare SDK #ms/);
    expect(cli[1]).toEqual([
      { value: 1040, unit: 'ms' },
      { value: 1228, unit: 'ms' },
      { value: 1.18, unit: 'x' },
    ]);
    expect(Object.values(f).flat()).toContainEqual({ value: 2650, unit: 'calls/s' });
  });

  it('prints a figure more than 20% worse: times and ratios up, rates and percentages down; not noise under the floor', () => {
    const before = figuresOf(RUN_A);
    const after = figuresOf(
      RUN_A.map((l) =>
        l
          .replace('1228 ms', '1600 ms')
          .replace('2650 calls/s', '1900 calls/s')
          .replace('96.9%', '70.0%')
          .replace('0.310 ms', '0.500 ms'),
      ),
    );
    const worse = regressions(before, after);
    expect(worse).toHaveLength(3);
    expect(worse.join('\n')).toMatch(/1228 → 1600 ms \(\+30%\)/);
    expect(worse.join('\n')).toMatch(/2650 → 1900 calls\/s \(-28%\)/);
    expect(worse.join('\n')).toMatch(/96\.9 → 70 %/);
    // 0.31 → 0.5 ms is +61% but under the 2 ms floor; a better figure is never a regression.
    expect(regressions(after, before)).toEqual([]);
  });
});
