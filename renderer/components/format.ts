/**
 * Times, dates and counts as the page shows them, formatted by hand, without `Intl`: the first
 * formatter a page makes loads locale data (a 15-46 ms task here, in whichever view formats first),
 * and `toLocaleTimeString` with options builds a formatter per call (0.1 ms; 400 trace rows made a
 * long task).
 */
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `at` (an ISO time or epoch ms) as a local time of day on a 24-hour clock, hh:mm:ss, with `.mmm` when `ms` is set. */
export function clockTime(at: string | number, ms = false): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const t = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  return ms ? `${t}.${String(d.getMilliseconds()).padStart(3, '0')}` : t;
}

/** `at` as a local date and time, `yyyy-mm-dd hh:mm:ss` (and `.mmm` with `ms`). */
export function dateTime(at: string | number, ms = false): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${clockTime(at, ms)}`;
}

/** A count with thousands separated by commas (1,234,567), without `Intl` (shared with the core). */
export { byteSize, count } from '../../shared/plain-format';
