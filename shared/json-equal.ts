import { MAX_JSON_DEPTH } from './json-depth.js';

/**
 * Whether two JSON values are the same value: what canonical JSON would write the same (key order
 * aside; 0 and -0 alike, as JSON writes them). `known` is one the console checked before (its depth
 * is within MAX_JSON_DEPTH); the walk never goes deeper than it does, so a hostile `other` cannot
 * make it recurse past that bound: deeper nesting than `known` has is a difference. Only own keys
 * count (a `__proto__` key parsed from JSON is an own key, never the prototype).
 */
export function sameJson(known: unknown, other: unknown, depth = 0): boolean {
  if (known === other) return true;
  if (known === null || other === null || typeof known !== 'object' || typeof other !== 'object') return false;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(known)) {
    if (!Array.isArray(other) || known.length !== other.length) return false;
    for (let i = 0; i < known.length; i++) if (!sameJson(known[i], other[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(other)) return false;
  const a = known as Record<string, unknown>;
  const b = other as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys)
    if (!Object.prototype.hasOwnProperty.call(b, k) || !sameJson(a[k], b[k], depth + 1)) return false;
  return true;
}
