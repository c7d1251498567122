import { pointerOf, pointerTokens, underPattern } from './pointer.js';

/** One difference between two JSON values, at a JSON pointer. */
export interface DiffEntry {
  path: string;
  op: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** A structural diff: the differences, how many there were in all (only the first `limit` are kept). */
export interface JsonDiff {
  entries: DiffEntry[];
  total: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Where `after` differs from `before`, path by path: objects by key, arrays by index. Paths at or
 * under an `ignore` pointer (`*` matches any one key or index) are skipped. Iterative and bounded:
 * a deep or huge result cannot stall or overflow the caller.
 */
export function diffJson(before: unknown, after: unknown, ignore: readonly string[] = [], limit = 200): JsonDiff {
  const patterns = ignore.map(pointerTokens);
  const ignored = (tokens: string[]) => patterns.some((p) => underPattern(tokens, p));
  const entries: DiffEntry[] = [];
  let total = 0;
  const add = (e: DiffEntry) => {
    total++;
    if (entries.length < limit) entries.push(e);
  };
  const stack: Array<[string[], unknown, unknown]> = [[[], before, after]];
  while (stack.length) {
    const [path, a, b] = stack.pop()!;
    if (ignored(path)) continue;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = Math.max(a.length, b.length) - 1; i >= 0; i--) {
        const p = [...path, String(i)];
        if (ignored(p)) continue;
        if (i >= a.length) add({ path: pointerOf(p), op: 'added', after: b[i] });
        else if (i >= b.length) add({ path: pointerOf(p), op: 'removed', before: a[i] });
        else stack.push([p, a[i], b[i]]);
      }
    } else if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].reverse();
      for (const k of keys) {
        const p = [...path, k];
        const inA = Object.prototype.hasOwnProperty.call(a, k);
        const inB = Object.prototype.hasOwnProperty.call(b, k);
        if (ignored(p)) continue;
        if (!inB) add({ path: pointerOf(p), op: 'removed', before: a[k] });
        else if (!inA) add({ path: pointerOf(p), op: 'added', after: b[k] });
        else stack.push([p, a[k], b[k]]);
      }
    } else if (a !== b) add({ path: pointerOf(path), op: 'changed', before: a, after: b });
  }
  return { entries, total };
}

/** A diff as lines for a terminal or a report: `~ /path: before → after`, `+ /path: value`, `- /path: value`. */
export function diffLines(d: JsonDiff, width = 120): string[] {
  const show = (v: unknown) => {
    const s = v === undefined ? 'undefined' : JSON.stringify(v);
    return s.length > width ? s.slice(0, width - 1) + '…' : s;
  };
  const lines = d.entries.map((e) =>
    e.op === 'changed'
      ? `~ ${e.path || '(whole result)'}: ${show(e.before)} → ${show(e.after)}`
      : `${e.op === 'added' ? '+' : '-'} ${e.path}: ${show(e.op === 'added' ? e.after : e.before)}`,
  );
  if (d.total > d.entries.length) lines.push(`… and ${d.total - d.entries.length} more differences`);
  return lines;
}
