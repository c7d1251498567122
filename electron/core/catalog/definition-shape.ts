import { MAX_JSON_DEPTH } from '../../../shared/json-depth.js';

/**
 * A character outside printable ASCII, or one JSON writes escaped (a quote, a backslash): a string
 * without any can hide no character, and is written in JSON as it is.
 */
const NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** What one walk of a tool definition finds, before anything else reads it. */
export interface DefinitionShape {
  /** It nests deeper than the limit (the walk stopped there, so the rest is not counted). */
  tooDeep: boolean;
  /**
   * A floor of the length of its JSON text: its strings and keys with their quotes, a character for every other value.
   */
  chars: number;
  /** Every string in it, keys included, is plain (see NOT_PLAIN): no hidden character can be in it. */
  plain: boolean;
}

/**
 * Walks a definition once: how deep, about how large, and whether any string could hide text. At
 * 100,000 definitions a listing did this by writing each one as JSON text and reading the text; the
 * walk makes no text and stops at the limit, so the recursion stays within it.
 */
export function definitionShape(def: unknown, limit: number = MAX_JSON_DEPTH): DefinitionShape {
  const shape: DefinitionShape = { tooDeep: false, chars: 0, plain: true };
  walk(def, limit, shape);
  return shape;
}

/** True when the walk must stop: the value nests deeper than `left` more levels. */
function walk(v: unknown, left: number, s: DefinitionShape): boolean {
  if (typeof v === 'string') {
    s.chars += v.length + 2;
    if (s.plain && NOT_PLAIN.test(v)) s.plain = false;
    return false;
  }
  if (v === null || typeof v !== 'object') {
    s.chars += 1;
    return false;
  }
  if (left <= 0) return (s.tooDeep = true);
  s.chars += 2;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (walk(v[i], left - 1, s)) return true;
    return false;
  }
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    s.chars += k.length + 3;
    if (s.plain && NOT_PLAIN.test(k)) s.plain = false;
    if (walk((v as Record<string, unknown>)[k], left - 1, s)) return true;
  }
  return false;
}
