import { diffItem, diffLists, type CatalogDiff, type FieldChange } from './catalog-diff.js';
import { canonicalJson } from './canonical-json.js';
import { mdText } from './md-text.js';

/**
 * What one side of `mcp-console diff` holds: a server as listed (live), or what a file kept of one. A list a side does
 * not have (a pins file has no prompts) is absent, and is compared only when both sides have it.
 */
export interface ServerSide {
  /** Where it came from, for the reader: `server fx (live)`, `pins.json (server fx)`. */
  label: string;
  tools?: Record<string, unknown>[];
  resources?: Record<string, unknown>[];
  resourceTemplates?: Record<string, unknown>[];
  prompts?: Record<string, unknown>[];
  serverInfo?: Record<string, unknown>;
  capabilities?: Record<string, unknown>;
}

export const LISTS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;
export type ListName = (typeof LISTS)[number];

/** The two sides' difference: each list both have, their server info and capabilities; what neither could compare. */
export interface ServerDiff {
  equal: boolean;
  a: string;
  b: string;
  lists: Partial<Record<ListName, CatalogDiff & { count: [number, number] }>>;
  serverInfo?: FieldChange[];
  capabilities?: FieldChange[];
  /** The parts one side lacks, so not compared. */
  notCompared: string[];
}

const KEYS: Record<ListName, (x: Record<string, unknown>) => string> = {
  tools: (t) => String(t.name),
  resources: (r) => String(r.uri),
  resourceTemplates: (r) => String(r.uriTemplate),
  prompts: (p) => String(p.name),
};

/** A tool as the specification defines it: what a listing and a pins file both hold, nothing a console added. */
export function toolDefinition(t: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // A console's view (`mcp-console tools --json`, the catalog: it carries a fingerprint) gives the annotations with the
  // specification's defaults filled in, and the declared ones apart (absent when none were declared).
  const view = 'fingerprint' in t || 'declaredAnnotations' in t;
  const annotations = view ? t.declaredAnnotations : t.annotations;
  for (const k of ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'icons', 'execution', '_meta'])
    if (t[k] !== undefined) out[k] = t[k];
  if (annotations !== undefined && (typeof annotations !== 'object' || Object.keys(annotations ?? {}).length))
    out.annotations = annotations;
  return out;
}

/** Compares two sides; `equal` when every part both have is the same. */
export function diffServers(a: ServerSide, b: ServerSide): ServerDiff {
  const out: ServerDiff = { equal: true, a: a.label, b: b.label, lists: {}, notCompared: [] };
  for (const list of LISTS) {
    const before = a[list];
    const after = b[list];
    if (!before || !after) {
      if (before || after) out.notCompared.push(list);
      continue;
    }
    // What a console adds to an item (the server it came from) is not the server's: left out of the comparison.
    const norm = (xs: Record<string, unknown>[]) =>
      list === 'tools' ? xs.map(toolDefinition) : xs.map(({ serverId: _from, ...item }) => item);
    const d = diffLists(norm(before), norm(after), KEYS[list]);
    out.lists[list] = { ...d, count: [before.length, after.length] };
    if (d.added.length || d.removed.length || d.changed.length) out.equal = false;
  }
  for (const part of ['serverInfo', 'capabilities'] as const) {
    const before = a[part];
    const after = b[part];
    if (!before || !after) {
      if (before || after) out.notCompared.push(part);
      continue;
    }
    const change = canonicalJson(before) === canonicalJson(after) ? null : diffItem(before, after, part);
    out[part] = change?.changes ?? [];
    if (change) out.equal = false;
  }
  return out;
}

const NOUN: Record<ListName, string> = {
  tools: 'tool',
  resources: 'resource',
  resourceTemplates: 'resource template',
  prompts: 'prompt',
};
const PART: Record<string, string> = {
  tools: 'tools',
  resources: 'resources',
  resourceTemplates: 'resource templates',
  prompts: 'prompts',
  serverInfo: 'server info',
  capabilities: 'capabilities',
};

/** A value as one short line: JSON, cut at 120 characters. */
function shown(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}

function changeLine(c: FieldChange): string {
  return `${c.path || '(whole)'}: ${shown(c.before)} → ${shown(c.after)}`;
}

function tally(d: CatalogDiff): string {
  const parts = [
    d.added.length && `${d.added.length} added`,
    d.removed.length && `${d.removed.length} removed`,
    d.changed.length && `${d.changed.length} changed`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'the same';
}

/**
 * The diff as text for a terminal: a line per part, then each item added (+), removed (-) or changed (~) with its
 * changed fields. `clean` makes server text safe to print (control characters shown, not obeyed).
 */
export function diffText(d: ServerDiff, clean: (s: string) => string = (s) => s): string {
  const lines = [`A: ${clean(d.a)}`, `B: ${clean(d.b)}`];
  for (const list of LISTS) {
    const l = d.lists[list];
    if (!l) continue;
    lines.push(`${PART[list]}: ${tally(l)} (${l.count[0]} → ${l.count[1]})`);
    for (const k of l.added) lines.push(`  + ${NOUN[list]} ${clean(k)}`);
    for (const k of l.removed) lines.push(`  - ${NOUN[list]} ${clean(k)}`);
    for (const c of l.changed) {
      lines.push(`  ~ ${NOUN[list]} ${clean(c.name)}: ${c.fields.map(clean).join(', ')}`);
      for (const ch of c.changes) lines.push(`      ${clean(changeLine(ch))}`);
    }
  }
  for (const part of ['serverInfo', 'capabilities'] as const) {
    const ch = d[part];
    if (!ch) continue;
    lines.push(`${PART[part]}: ${ch.length ? 'changed' : 'the same'}`);
    for (const c of ch) lines.push(`      ${clean(changeLine(c))}`);
  }
  if (d.notCompared.length)
    lines.push(`not compared (one side lacks them): ${d.notCompared.map((p) => PART[p] ?? p).join(', ')}`);
  lines.push(d.equal ? 'equal' : 'different');
  return lines.join('\n');
}

/** Server text in Markdown: escaped, so it renders as the text it is. */
const code = mdText;

/** The diff as Markdown, for a pull request's comment: server text is inert (no links, mentions or markup). */
export function diffMarkdown(d: ServerDiff): string {
  const lines = [`### ${d.equal ? 'No change' : 'Changes'}: ${mdText(d.a)} → ${mdText(d.b)}`, ''];
  const rows: string[] = [];
  for (const list of LISTS) {
    const l = d.lists[list];
    if (!l) continue;
    rows.push(`| ${PART[list]} | ${l.added.length} | ${l.removed.length} | ${l.changed.length} |`);
  }
  if (rows.length) lines.push('| | added | removed | changed |', '|---|---|---|---|', ...rows, '');
  for (const list of LISTS) {
    const l = d.lists[list];
    if (!l) continue;
    for (const k of l.added) lines.push(`- **added** ${NOUN[list]} ${code(k)}`);
    for (const k of l.removed) lines.push(`- **removed** ${NOUN[list]} ${code(k)}`);
    for (const c of l.changed) {
      lines.push(`- **changed** ${NOUN[list]} ${code(c.name)}: ${c.fields.map(code).join(', ')}`);
      for (const ch of c.changes) lines.push(`  - ${code(changeLine(ch))}`);
    }
  }
  for (const part of ['serverInfo', 'capabilities'] as const) {
    const ch = d[part];
    if (!ch?.length) continue;
    lines.push(`- **changed** ${PART[part]}`);
    for (const c of ch) lines.push(`  - ${code(changeLine(c))}`);
  }
  if (d.notCompared.length)
    lines.push('', `Not compared (one side lacks them): ${d.notCompared.map((p) => PART[p] ?? p).join(', ')}.`);
  return lines.join('\n') + '\n';
}
