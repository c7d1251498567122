/**
 * Globs for tool, server and agent names and argument strings: `*` is any run of characters
 * (slashes too: names and arguments are not paths), `?` is one character, `\` takes the next one
 * as it is. Matching is greedy by segments, never backtracking past a segment found: at most
 * (text length × glob length) steps, whatever a policy file or an argument holds.
 */

type Segment = ReadonlyArray<string | null>; // null: any one character

const cache = new Map<string, (text: string) => boolean>();
const CACHE_MAX = 2000;

/** A matcher for a glob (kept: a policy's globs are compiled once). */
export function globMatcher(glob: string): (text: string) => boolean {
  let m = cache.get(glob);
  if (m) return m;
  m = compile(glob);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(glob, m);
  return m;
}

function compile(glob: string): (text: string) => boolean {
  // Most globs have no "?" and no escape: their literal pieces are compared as strings.
  if (!/[?\\]/.test(glob)) return plain(glob.split('*'));
  const parts: Array<Array<string | null>> = [[]];
  let current: Array<string | null> = [];
  parts[0] = current;
  const g = Array.from(glob);
  for (let i = 0; i < g.length; i++) {
    const ch = g[i] as string;
    if (ch === '*') parts.push((current = []));
    else if (ch === '?') current.push(null);
    else if (ch === '\\' && i + 1 < g.length) current.push(g[++i] as string);
    else current.push(ch);
  }
  const first: Segment = parts[0] ?? [];
  if (parts.length === 1)
    return (text) => {
      const t = chars(text);
      return t.length === first.length && at(t, 0, first);
    };
  const last: Segment = parts[parts.length - 1] ?? [];
  const middle = parts.slice(1, -1).filter((s) => s.length > 0);
  return (text) => {
    const t = chars(text);
    if (t.length < first.length + last.length) return false;
    if (!at(t, 0, first) || !at(t, t.length - last.length, last)) return false;
    let pos = first.length;
    const end = t.length - last.length;
    for (const seg of middle) {
      const found = find(t, pos, end, seg);
      if (found < 0) return false;
      pos = found + seg.length;
    }
    return true;
  };
}

/**
 * A glob of literal pieces between stars: starts with the first, ends with the last, holds the middle ones in order.
 */
function plain(pieces: string[]): (text: string) => boolean {
  const first = pieces[0] ?? '';
  if (pieces.length === 1) return (text) => text === first;
  const last = pieces[pieces.length - 1] ?? '';
  const middle = pieces.slice(1, -1).filter((p) => p.length > 0);
  return (text) => {
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
    let pos = first.length;
    const end = text.length - last.length;
    for (const m of middle) {
      const found = text.indexOf(m, pos);
      if (found < 0 || found + m.length > end) return false;
      pos = found + m.length;
    }
    return true;
  };
}

/** The text as code points, so that `?` is one character even outside the BMP. */
const chars = (s: string): string[] => Array.from(s);

function at(t: readonly string[], i: number, seg: Segment): boolean {
  for (let k = 0; k < seg.length; k++) if (seg[k] !== null && t[i + k] !== seg[k]) return false;
  return true;
}

function find(t: readonly string[], from: number, end: number, seg: Segment): number {
  for (let i = from; i + seg.length <= end; i++) if (at(t, i, seg)) return i;
  return -1;
}
