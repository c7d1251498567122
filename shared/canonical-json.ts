/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers and
 * strings as JSON.stringify writes them (the RFC 8785 forms for finite numbers).
 * Used for every hash the console computes, so equal values always hash equally.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) throw new TypeError('undefined cannot be written as JSON');
  return JSON.stringify(value, sortKeys);
}

/** JSON.stringify replacer: objects with their keys sorted (left alone when already sorted). */
function sortKeys(_key: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object') {
    // SECURITY: NaN/Infinity are not JSON; refuse rather than silently sending null.
    if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError(`non-finite number ${v} cannot be written as JSON`);
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') throw new TypeError(`a ${typeof v} cannot be written as JSON`);
    return v;
  }
  if (Array.isArray(v)) return v;
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj);
  let sorted = true;
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1] > keys[i]) {
      sorted = false;
      break;
    }
  }
  if (sorted) return obj;
  keys.sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = obj[k];
  return out;
}

/** Pretty-printed form of the canonical JSON (same key order, two-space indent): what the user is shown. */
export function canonicalJsonPretty(value: unknown): string {
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}
