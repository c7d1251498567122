/**
 * `x-mcp-header` (MCP 2026-07-28, Streamable HTTP): a tool may ask for some of its arguments to be
 * mirrored into `Mcp-Param-{Name}` request headers. A declaration that breaks the spec's rules makes
 * the whole tool invalid: the client must leave it out of the tools it offers (and says why).
 */

export interface HeaderParam {
  /** The chain of `properties` keys from the schema root to the annotated property. */
  path: string[];
  /** The `{Name}` of `Mcp-Param-{Name}`, as declared. */
  header: string;
  type: 'string' | 'integer' | 'boolean';
}

export type HeaderScan = { ok: true; params: HeaderParam[] } | { ok: false; reason: string };

const KEY = 'x-mcp-header';
/** RFC 9110 `token` (1*tchar). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords under which an annotation is not statically reachable. */
const SCHEMA_CHILDREN = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'contains',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  '$defs',
  'definitions',
];
const MAX_DEPTH = 64;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function where(path: string[]): string {
  return path.length ? `property ${path.join('.')}` : 'the schema root';
}

/** Reads every `x-mcp-header` of a tool's inputSchema, or the first reason the tool is invalid. */
export function scanHeaderParams(inputSchema: unknown): HeaderScan {
  const params: HeaderParam[] = [];
  const seen = new Map<string, string>();
  let fault: string | undefined;

  const visit = (node: unknown, path: string[], reachable: boolean, depth: number): void => {
    if (fault || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, path, false, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    if (KEY in node) {
      const raw = node[KEY];
      if (!reachable || path.length === 0) {
        fault = `${where(path)}: x-mcp-header is only allowed on a property reached through "properties" alone (not under items, composition, conditionals or $ref)`;
        return;
      }
      if (typeof raw !== 'string' || raw.length === 0) {
        fault = `${where(path)}: x-mcp-header must be a non-empty string`;
        return;
      }
      if (!TOKEN.test(raw)) {
        fault = `${where(path)}: x-mcp-header ${JSON.stringify(raw)} is not an HTTP header token (no spaces, colons, control or non-ASCII characters)`;
        return;
      }
      const type = node.type;
      if (typeof type !== 'string' || !PRIMITIVE.has(type)) {
        fault = `${where(path)}: x-mcp-header is only allowed on string, integer or boolean properties, not ${JSON.stringify(type ?? 'untyped')}`;
        return;
      }
      const prior = seen.get(raw.toLowerCase());
      if (prior !== undefined) {
        fault = `x-mcp-header ${JSON.stringify(raw)} is declared twice (also as ${JSON.stringify(prior)}; names are compared without case)`;
        return;
      }
      seen.set(raw.toLowerCase(), raw);
      params.push({ path, header: raw, type: type as HeaderParam['type'] });
    }
    const props = node.properties;
    if (isObject(props)) for (const [k, v] of Object.entries(props)) visit(v, [...path, k], reachable, depth + 1);
    for (const k of SCHEMA_CHILDREN) if (k in node) visit(node[k], path, false, depth + 1);
  };

  visit(inputSchema, [], true, 0);
  return fault ? { ok: false, reason: fault } : { ok: true, params };
}

/** A header value as the spec encodes it: plain when it is safe visible ASCII, else `=?base64?…?=`. */
export function encodeHeaderValue(value: string): string {
  const safe =
    /^[\x20-\x7e]*$/.test(value) && value === value.trim() && !(value.startsWith('=?base64?') && value.endsWith('?='));
  if (safe) return value;
  const bytes = new TextEncoder().encode(value);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `=?base64?${btoa(bin)}?=`;
}

/**
 * The `Mcp-Param-*` headers one call sends: each annotated argument that is present, converted as
 * the spec says (string as is, integer in decimal, boolean in lower case). Absent and null values send no header.
 */
export function paramHeaders(params: HeaderParam[], args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const p of params) {
    let v: unknown = args;
    for (const k of p.path) v = isObject(v) ? v[k] : undefined;
    let text: string | undefined;
    if (typeof v === 'string') text = v;
    else if (typeof v === 'boolean') text = v ? 'true' : 'false';
    else if (typeof v === 'number' && Number.isFinite(v)) text = Number.isInteger(v) ? v.toFixed(0) : String(v);
    if (text !== undefined) headers[`Mcp-Param-${p.header}`] = encodeHeaderValue(text);
  }
  return headers;
}
