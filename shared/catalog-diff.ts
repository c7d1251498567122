import { canonicalJson } from './canonical-json.js';

/** One leaf that differs between two definitions, by JSON path. */
export interface FieldChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

/** How one tool changed: the top-level fields touched and each leaf change. */
export interface ToolChange {
  name: string;
  fields: string[];
  changes: FieldChange[];
}

/** The difference between two catalogs of one server. */
export interface CatalogDiff {
  added: string[];
  removed: string[];
  changed: ToolChange[];
}

const MAX_CHANGES = 200;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pathOf(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;
}

function diffValues(a: unknown, b: unknown, path: string, out: FieldChange[]): void {
  if (out.length >= MAX_CHANGES) return;
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of [...keys].sort()) {
      if (!(k in a)) out.push({ path: pathOf(path, k), after: b[k] });
      else if (!(k in b)) out.push({ path: pathOf(path, k), before: a[k] });
      else diffValues(a[k], b[k], pathOf(path, k), out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((v, i) => diffValues(v, b[i], pathOf(path, i), out));
    return;
  }
  if (canonicalJson(a) !== canonicalJson(b)) out.push({ path, before: a, after: b });
}

/** Leaf-level differences between two tool definitions (at most 200 are listed). */
export function diffTool(before: Record<string, unknown>, after: Record<string, unknown>): ToolChange | null {
  const changes: FieldChange[] = [];
  diffValues(before, after, '', changes);
  if (changes.length === 0) return null;
  const fields = [...new Set(changes.map((c) => c.path.split(/[.[]/)[0]))];
  return { name: String(after.name ?? before.name), fields, changes };
}

/** Added, removed and changed tools between two lists of definitions, keyed by name. */
export function diffCatalog(
  before: readonly Record<string, unknown>[],
  after: readonly Record<string, unknown>[],
  fingerprint: (t: Record<string, unknown>) => string = canonicalJson,
): CatalogDiff {
  const old = new Map(before.map((t) => [String(t.name), t]));
  const now = new Map(after.map((t) => [String(t.name), t]));
  const diff: CatalogDiff = { added: [], removed: [], changed: [] };
  for (const [name, t] of now) {
    const prev = old.get(name);
    if (!prev) diff.added.push(name);
    else if (fingerprint(prev) !== fingerprint(t)) {
      const change = diffTool(prev, t);
      if (change) diff.changed.push(change);
    }
  }
  for (const name of old.keys()) if (!now.has(name)) diff.removed.push(name);
  return diff;
}

/** True when a diff holds nothing. */
export function isEmptyDiff(d: CatalogDiff): boolean {
  return d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;
}
