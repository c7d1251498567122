import { describe, expect, it } from 'vitest';
import { clockTime, count, dateTime } from './format';

describe('times and counts, formatted by hand', () => {
  it('is a 24-hour time of day, with milliseconds when asked, and a bad time as given', () => {
    const at = new Date(2026, 10, 24, 19, 5, 9, 42);
    expect(clockTime(at.toISOString())).toBe('19:05:09');
    expect(clockTime(at.getTime(), true)).toBe('19:05:09.042');
    expect(clockTime(new Date(2026, 0, 1, 0, 0, 7, 5).toISOString(), true)).toBe('00:00:07.005');
    expect(clockTime('not a time')).toBe('not a time');
  });

  it('a date and time in local time, and counts with their thousands separated', () => {
    expect(dateTime(new Date(2026, 0, 2, 3, 4, 5).toISOString())).toBe('2026-01-02 03:04:05');
    expect(dateTime(new Date(2026, 11, 31, 23, 59, 59).getTime())).toBe('2026-12-31 23:59:59');
    expect(dateTime(new Date(2026, 11, 31, 23, 59, 59, 7).getTime(), true)).toBe('2026-12-31 23:59:59.007');
    expect(dateTime('never')).toBe('never');
    expect([0, 7, 999, 1000, 65_536, 1_048_576, 123_456_789, -4321].map(count)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '65,536',
      '1,048,576',
      '123,456,789',
      '-4,321',
    ]);
    expect(count(1.5)).toBe('1.5');
  });
});
