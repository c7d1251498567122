/** A changed region of two texts, line by line: what they share before and after it, and what differs. */
export interface LineDiff {
  /** Lines both share at the start and at the end (not shown). */
  same: { before: number; after: number };
  removed: string[];
  added: string[];
  /** Lines of the changed region left out past the limit (each side). */
  cut: { removed: number; added: number };
}

/**
 * The one region where two texts differ, by lines: the common start and end trimmed, the middle of
 * each shown, at most `limit` lines a side. Linear in the size of the texts (a view is often one
 * long line of bundled code; an exact diff of that is no better to read).
 */
export function lineDiff(before: string, after: string, limit = 200): LineDiff {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const removed = a.slice(start, a.length - end);
  const added = b.slice(start, b.length - end);
  const clip = (lines: string[]) =>
    lines.slice(0, limit).map((l) => (l.length > 400 ? `${l.slice(0, 400)}…(${l.length} characters)` : l));
  return {
    same: { before: start, after: end },
    removed: clip(removed),
    added: clip(added),
    cut: { removed: Math.max(0, removed.length - limit), added: Math.max(0, added.length - limit) },
  };
}
