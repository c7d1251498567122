/**
 * Counts and orders written without ICU. `toLocaleString` and `localeCompare` load ICU's locale
 * data: the first call maps about 9 MB of it into the process (measured in the serving process
 * after its first review: RssFile 43 → 50 MB, anonymous memory +1.5 MB) and, in the page, a
 * 15-46 ms task. An order that depends on the machine's locale also makes a report (SARIF, a CI
 * baseline's diff) differ from one machine to the next. A lint rule keeps them out of `shared/`,
 * `electron/` and `renderer/`.
 */

/** A number with its thousands separated by commas (1,234,567.5), as `toLocaleString('en-US')` writes it for integers and short fractions. */
export function count(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const text = String(n);
  if (text.includes('e')) return text; // 1e+21 and beyond: written as JavaScript writes it
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.slice(0, dot);
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (dot < 0 ? '' : text.slice(dot));
}

/** Orders two strings by UTF-16 code units: the same order on every machine, whatever its locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
