/**
 * A time of day on a 24-hour clock, in the person's locale, for rows drawn by the hundred (trace,
 * logs). One formatter is made once: `toLocaleTimeString` with options builds a new one each call
 * (about 0.1 ms), which 400 rows turned into a long task.
 */
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** `at` (an ISO time or epoch ms) as hh:mm:ss, with `.mmm` when `ms` is set. */
export function clockTime(at: string | number, ms = false): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const t = CLOCK.format(d);
  return ms ? `${t}.${String(d.getMilliseconds()).padStart(3, '0')}` : t;
}
