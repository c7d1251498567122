import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventWindow } from './event-window.js';

describe('eventWindow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what was pushed within the window as one batch, in order, when the window closes', () => {
    const sent: number[][] = [];
    const w = eventWindow<number>((b) => sent.push(b), 16);
    w.push(1);
    vi.advanceTimersByTime(10);
    w.push(2);
    w.push(3);
    vi.advanceTimersByTime(5);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[1, 2, 3]]);
    // The next push opens a new window, measured from it.
    w.push(4);
    vi.advanceTimersByTime(15);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[1, 2, 3], [4]]);
  });

  it('flush sends what waits at once, and the window it closed sends nothing more', () => {
    const sent: string[][] = [];
    const w = eventWindow<string>((b) => sent.push(b), 16);
    w.flush();
    expect(sent).toEqual([]);
    w.push('a');
    w.push('b');
    w.flush();
    expect(sent).toEqual([['a', 'b']]);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([['a', 'b']]);
  });

  it('sends a burst at once when it reaches its bound, so what waits never grows past it', () => {
    const sent: number[][] = [];
    const w = eventWindow<number>((b) => sent.push(b), 16, 3);
    for (let i = 1; i <= 7; i++) w.push(i);
    expect(sent).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    vi.advanceTimersByTime(16);
    expect(sent).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('close drops what waits and takes nothing more', () => {
    const sent: number[][] = [];
    const w = eventWindow<number>((b) => sent.push(b), 16);
    w.push(1);
    w.close();
    w.push(2);
    w.flush();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([]);
  });
});
