/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers and
 * strings as JSON.stringify writes them (the RFC 8785 forms for finite numbers).
 * Used for every hash the console computes, so equal values always hash equally.
 */
export function canonicalJson(value: unknown): string {
  return write(value);
}

function write(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // SECURITY: NaN/Infinity are not JSON; refuse rather than silently sending null.
      if (!Number.isFinite(value)) throw new TypeError(`non-finite number ${value} cannot be written as JSON`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) {
        return '[' + value.map((v) => (v === undefined ? 'null' : write(v))).join(',') + ']';
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return '{' + keys.map((k) => JSON.stringify(k) + ':' + write(obj[k])).join(',') + '}';
    }
    default:
      throw new TypeError(`a ${typeof value} cannot be written as JSON`);
  }
}

/** Pretty-printed form of the canonical JSON (same key order, two-space indent): what the user is shown. */
export function canonicalJsonPretty(value: unknown): string {
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}
