import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer.js';

describe('RingBuffer', () => {
  it('keeps the last N items in order and counts what it dropped', () => {
    const r = new RingBuffer<number>(3);
    for (let i = 1; i <= 7; i++) r.push(i);
    expect(r.toArray()).toEqual([5, 6, 7]);
    expect(r.dropped).toBe(4);
    expect(r.last(2)).toEqual([6, 7]);
  });
  it('is ordered before it wraps', () => {
    const r = new RingBuffer<string>(5);
    r.push('a');
    r.push('b');
    expect(r.toArray()).toEqual(['a', 'b']);
    expect(r.dropped).toBe(0);
  });
});
