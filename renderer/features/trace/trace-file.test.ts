import { describe, expect, it } from 'vitest';
import { parseTraceJsonl } from './trace-file';

const entry = (seq: number) => ({
  seq,
  at: '2026-11-24T18:00:00.000Z',
  serverId: 's',
  dir: 'in',
  kind: 'response',
  id: seq,
  method: 'tools/list',
  bytes: 10,
  message: { seq },
});

describe('a trace file', () => {
  it('gives every entry in order and counts the lines that are not entries, across slices', async () => {
    const lines = [...Array.from({ length: 500 }, (_, i) => JSON.stringify(entry(i + 1))), 'not json', '{"seq":"x"}', '', '   '];
    const text = lines.join('\n') + '\n' + JSON.stringify(entry(501));
    for (const slice of [64, 1000, 1 << 20]) {
      const { entries, bad } = await parseTraceJsonl(text, slice);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 501 }, (_, i) => i + 1));
      expect(entries[7]?.message).toEqual({ seq: 8 });
      expect(bad).toBe(2);
    }
  });

  it('yields between slices: other work runs while a long file is read', async () => {
    const text = Array.from({ length: 200 }, (_, i) => JSON.stringify(entry(i + 1))).join('\n');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await parseTraceJsonl(text, 100);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    // The same file as one slice does not yield.
    ticks = 0;
    const again = setInterval(() => ticks++, 0);
    await parseTraceJsonl(text, 1 << 20);
    clearInterval(again);
    expect(ticks).toBe(0);
  });
});
