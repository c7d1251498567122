/** The deepest nesting the console accepts in anything a server sends (definitions, results). */
export const MAX_JSON_DEPTH = 128;

/**
 * True when a JSON value nests deeper than `limit` (objects and arrays). It recurses at most
 * `limit` levels and stops at the first path that is too deep, so a hostile 100,000-level value is
 * answered after `limit` calls and cannot overflow the stack. Recursive, not a stack of pairs: at
 * 100,000 tool definitions a listing measures each one, and the pairs were most of the cost.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  return deeper(value, limit);
}

function deeper(v: unknown, left: number): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (left <= 0) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (deeper(v[i], left - 1)) return true;
    return false;
  }
  for (const k in v)
    if (Object.prototype.hasOwnProperty.call(v, k) && deeper((v as Record<string, unknown>)[k], left - 1)) return true;
  return false;
}
