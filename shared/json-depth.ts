/** The deepest nesting the console accepts in anything a server sends (definitions, results). */
export const MAX_JSON_DEPTH = 128;

/**
 * True when a JSON value nests deeper than `limit` (objects and arrays). Iterative, so that a
 * hostile 100,000-level value cannot overflow the stack while it is measured; stops at the first
 * path that is too deep.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= limit) return true;
    if (Array.isArray(v)) for (const x of v) stack.push([x, d + 1]);
    else for (const k in v) if (Object.prototype.hasOwnProperty.call(v, k)) stack.push([(v as Record<string, unknown>)[k], d + 1]);
  }
  return false;
}
