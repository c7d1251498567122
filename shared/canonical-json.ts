/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers and
 * strings as JSON.stringify writes them (the RFC 8785 forms for finite numbers).
 * Used for every hash the console computes, so equal values always hash equally.
 */
export function canonicalJson(value: unknown, maxDepth: number = CANONICAL_MAX_DEPTH): string {
  limit = Math.min(maxDepth, CANONICAL_MAX_DEPTH);
  return write(value, 0);
}

let limit = 1000;

/** Deeper than this, canonical JSON refuses (it recurses; the stack must never overflow). */
export const CANONICAL_MAX_DEPTH = 1000;

/** A string JSON writes as it is between quotes: no quote, backslash, control character or lone surrogate half. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** A string as JSON.stringify writes it (the common plain string without a call into it). */
const quoted = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

// A hand-written writer, not JSON.stringify with a key-sorting replacer: a replacer cannot order
// integer-like keys ("10" before "9"), which JavaScript objects always put first.
function write(value: unknown, depth: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      // SECURITY: NaN/Infinity are not JSON; refuse rather than silently sending null.
      if (!Number.isFinite(value)) throw new TypeError(`non-finite number ${value} cannot be written as JSON`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      // SECURITY: a bound on recursion, so that hostile nesting is an error, not a stack overflow.
      if (depth >= limit) throw new RangeError(`nested deeper than ${limit} levels`);
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++)
          out += (i ? ',' : '') + (value[i] === undefined ? 'null' : write(value[i], depth + 1));
        return out + ']';
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj);
      // Most objects come with few keys, often in order already: sorted only when they are not.
      for (let i = 1; i < keys.length; i++)
        if (keys[i - 1]! > keys[i]!) {
          keys.sort();
          break;
        }
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += (first ? '' : ',') + quoted(k) + ':' + write(v, depth + 1);
        first = false;
      }
      return out + '}';
    }
    default:
      throw new TypeError(`a ${typeof value} cannot be written as JSON`);
  }
}
