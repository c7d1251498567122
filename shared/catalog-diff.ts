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

/** Leaf-level differences between two versions of one item, named `name` (at most 200 are listed). */
export function diffItem(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  name: string,
): ToolChange | null {
  const changes: FieldChange[] = [];
  diffValues(before, after, '', changes);
  if (changes.length === 0) return null;
  const fields = [...new Set(changes.map((c) => c.path.split(/[.[]/)[0] ?? c.path))];
  return { name, fields, changes };
}

/** Leaf-level differences between two tool definitions (at most 200 are listed). */
export function diffTool(before: Record<string, unknown>, after: Record<string, unknown>): ToolChange | null {
  return diffItem(before, after, String(after.name ?? before.name));
}

/**
 * A list held elsewhere (a file of the last session): each item's key and fingerprint at hand,
 * its definition read only when asked for (undefined when it cannot be read).
 */
export interface KeptItems<T = Record<string, unknown>> {
  readonly length: number;
  key(i: number): string;
  fingerprint(i: number): string;
  item(i: number): T | undefined;
}

const isKept = (list: readonly Record<string, unknown>[] | KeptItems): list is KeptItems => !Array.isArray(list);

/**
 * Added, removed and changed items between two versions of any list a server serves (tools by name;
 * resources, prompts and templates by their own key). An item is changed when its fingerprint
 * differs; callers that already hashed both lists pass the hashes in list order, otherwise the
 * canonical JSON is compared. Only changed items are walked field by field. A kept list (`before`
 * read from a file) is compared by its fingerprints, so the new list's must be given; a changed
 * item whose old definition cannot be read is listed as changed with no field named.
 */
export function diffLists(
  before: readonly Record<string, unknown>[] | KeptItems,
  after: readonly Record<string, unknown>[],
  key: (item: Record<string, unknown>) => string,
  fingerprints?: { before?: readonly string[]; after: readonly string[] },
  index?: Partial<ListIndexes>,
): CatalogDiff {
  let keyBefore: (j: number) => string;
  let fpBefore: (j: number) => string;
  let itemBefore: (j: number) => Record<string, unknown> | undefined;
  if (isKept(before)) {
    if (!fingerprints) throw new Error("a kept list is compared by fingerprint: the new list's are needed");
    keyBefore = (j) => before.key(j);
    fpBefore = (j) => before.fingerprint(j);
    itemBefore = (j) => before.item(j);
  } else {
    const fps = fingerprints?.before ?? before.map((t) => canonicalJson(t));
    keyBefore = (j) => key(before[j]!);
    fpBefore = (j) => fps[j]!;
    itemBefore = (j) => before[j];
  }
  const fpAfter = fingerprints?.after ?? after.map((t) => canonicalJson(t));
  let old = index?.before;
  if (!old) {
    const built = new Map<string, number>();
    for (let j = 0; j < before.length; j++) built.set(keyBefore(j), j);
    old = built;
  }
  const now: { has(k: string): boolean } = index?.after ?? new Set(after.map(key));
  const diff: CatalogDiff = { added: [], removed: [], changed: [] };
  after.forEach((t, i) => {
    const k = key(t);
    const j = old.get(k);
    if (j === undefined) diff.added.push(k);
    else if (fpBefore(j) !== fpAfter[i]) {
      const prev = itemBefore(j);
      const change = prev ? diffItem(prev, t, k) : { name: k, fields: [], changes: [] };
      if (change) diff.changed.push(change);
    }
  });
  for (let j = 0; j < before.length; j++) if (!now.has(keyBefore(j))) diff.removed.push(keyBefore(j));
  return diff;
}

/**
 * Each list's position by key, when the caller keeps them already (a catalog of 100,000 tools
 * does): the diff uses them rather than build its own.
 */
export interface ListIndexes {
  before: ReadonlyMap<string, number>;
  after: ReadonlyMap<string, number>;
}

/** The tools of one server, keyed by name (see diffLists). */
export function diffCatalog(
  before: readonly Record<string, unknown>[] | KeptItems,
  after: readonly Record<string, unknown>[],
  fingerprints?: { before?: readonly string[]; after: readonly string[] },
  index?: Partial<ListIndexes>,
): CatalogDiff {
  return diffLists(before, after, (t) => String(t.name), fingerprints, index);
}

/** True when a diff holds nothing. */
export function isEmptyDiff(d: CatalogDiff): boolean {
  return d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;
}
