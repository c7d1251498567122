import { describe, expect, it } from 'vitest';
import { clockTime } from './clock';

describe('clockTime', () => {
  it('is a 24-hour time of day, with milliseconds when asked, and a bad time as given', () => {
    const at = new Date(2026, 10, 24, 19, 5, 9, 42);
    expect(clockTime(at.toISOString())).toBe('19:05:09');
    expect(clockTime(at.getTime(), true)).toBe('19:05:09.042');
    expect(clockTime(new Date(2026, 0, 1, 0, 0, 7, 5).toISOString(), true)).toBe('00:00:07.005');
    expect(clockTime('not a time')).toBe('not a time');
  });
});
