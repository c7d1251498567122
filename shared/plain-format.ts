/**
 * Counts and orders written without ICU. `toLocaleString` and `localeCompare` load ICU's locale
 * data: the first call maps about 9 MB of it into the process (measured in the serving process
 * after its first review: RssFile 43 → 50 MB, anonymous memory +1.5 MB) and, in the page, a
 * 15-46 ms task. An order that depends on the machine's locale also makes a report (SARIF, a CI
 * baseline's diff) differ from one machine to the next. A lint rule keeps them out of `shared/`,
 * `electron/` and `renderer/`.
 */

/**
 * A number with its thousands separated by commas (1,234,567.5), as `toLocaleString('en-US')` writes it for integers
 * and short fractions.
 */
export function count(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const text = String(n);
  if (text.includes('e')) return text; // 1e+21 and beyond: written as JavaScript writes it
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.slice(0, dot);
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (dot < 0 ? '' : text.slice(dot));
}

/**
 * Orders two strings as a person reads a list, the same on every machine whatever its locale: by
 * UTF-16 code units with A-Z read as a-z ("alpha" before "Zeta"; a letter outside ASCII after them
 * all); two that differ only in case, the capital first.
 */
export function compareText(a: string, b: string): number {
  // Equal texts at once, however long (a finding's subject can be a 64,000-character name).
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return x - y;
  }
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A size as a person reads it: 512 B, 3.4 KB, 12 MB, 1.5 GB (units of 1,024). */
export function byteSize(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 || v >= 10 ? Math.round(v) : Math.round(v * 10) / 10} ${units[u]}`;
}
