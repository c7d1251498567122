import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';
import { effectiveAnnotations, riskSummary } from '../../shared/annotations.js';
import { diffCatalog } from '../../shared/catalog-diff.js';
import { hasHiddenText } from '../../shared/hidden-text.js';
import type { CatalogChange, ToolView } from '../../shared/schemas/tool.js';
import { writeFileAtomic } from './data-dir.js';
import { hashJson } from './hash.js';
import { RingBuffer } from './ring-buffer.js';

/** The most pages one tools/list walk follows before it gives up. */
export const MAX_PAGES = 10_000;

type RawTool = Record<string, unknown> & { name: string };
const ListPage = z.looseObject({
  tools: z.array(z.looseObject({ name: z.string(), inputSchema: z.looseObject({}) })),
  nextCursor: z.string().optional(),
});

/** Follows `nextCursor` to the end, in server order; refuses a cursor that repeats or never ends. */
export async function fetchAllTools(client: Client, timeoutMs: number): Promise<RawTool[]> {
  const tools: RawTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ListPage, { timeout: timeoutMs });
    for (const t of res.tools) tools.push(t as RawTool);
    cursor = res.nextCursor;
    if (cursor === undefined) return tools;
    // SECURITY: a server that loops its cursor must not keep the console listing forever.
    if (seen.has(cursor)) throw new Error(`tools/list: the server repeated cursor ${JSON.stringify(cursor.slice(0, 100))} after ${page + 1} pages`);
    seen.add(cursor);
  }
  throw new Error(`tools/list: gave up after ${MAX_PAGES} pages`);
}

/** Top-level fields whose strings hold hidden characters. */
function hiddenFields(def: RawTool): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(def)) if (anyHidden(v, 0)) out.push(k);
  return out;
}

function anyHidden(v: unknown, depth: number): boolean {
  if (typeof v === 'string') return hasHiddenText(v);
  if (depth > 32 || !v || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some((x) => anyHidden(x, depth + 1));
  return Object.entries(v).some(([k, x]) => hasHiddenText(k) || anyHidden(x, depth + 1));
}

/** Builds the console's view of one tool from the definition a server sent. */
export function toolView(serverId: string, identity: string, trusted: boolean, def: RawTool, fingerprint = hashJson(def)): ToolView {
  const declared = def.annotations && typeof def.annotations === 'object' ? (def.annotations as ToolView['declaredAnnotations']) : undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  return {
    serverId,
    name: def.name,
    title: str(def.title),
    description: str(def.description),
    inputSchema: obj(def.inputSchema) ?? {},
    outputSchema: obj(def.outputSchema),
    icons: Array.isArray(def.icons) ? (def.icons as ToolView['icons']) : undefined,
    annotations: effectiveAnnotations(declared),
    declaredAnnotations: declared,
    _meta: obj(def._meta),
    execution: obj(def.execution),
    fingerprint,
    serverIdentity: identity,
    risk: riskSummary(declared, trusted),
    hiddenText: hiddenFields(def),
  };
}

interface ServerCatalog {
  identity: string;
  raw: RawTool[];
  fingerprints: string[];
  views: ToolView[];
  byName: Map<string, number>;
}

/**
 * Every connected server's tools, the last known definitions of each server identity (pinned in
 * the data directory, so a change is shown even across restarts), and the recent changes.
 */
export class Catalog {
  private servers = new Map<string, ServerCatalog>();
  private pins = new Map<string, { raw: RawTool[] }>();
  readonly changes = new RingBuffer<CatalogChange>(200);

  constructor(private readonly pinDir: string | null) {}

  tools(serverId?: string): ToolView[] {
    if (serverId !== undefined) return this.servers.get(serverId)?.views ?? [];
    return [...this.servers.values()].flatMap((s) => s.views);
  }

  get(serverId: string, name: string): ToolView | undefined {
    const s = this.servers.get(serverId);
    const i = s?.byName.get(name);
    return s && i !== undefined ? s.views[i] : undefined;
  }

  /** The definition exactly as the server sent it. */
  raw(serverId: string, name: string): RawTool | undefined {
    const s = this.servers.get(serverId);
    const i = s?.byName.get(name);
    return s && i !== undefined ? s.raw[i] : undefined;
  }

  /** Replaces a server's tools with a fresh list and returns what changed against the last known list. */
  update(serverId: string, identity: string, trusted: boolean, raw: RawTool[], reason: CatalogChange['reason']): CatalogChange {
    const fingerprints = raw.map((t) => hashJson(t));
    const before = this.servers.get(serverId);
    const previous = before && before.identity === identity ? { raw: before.raw, fps: before.fingerprints } : this.loadPin(identity);
    const views = raw.map((t, i) => toolView(serverId, identity, trusted, t, fingerprints[i]));
    const byName = new Map<string, number>();
    raw.forEach((t, i) => byName.set(t.name, i));
    this.servers.set(serverId, { identity, raw, fingerprints, views, byName });
    const diff = previous ? diffCatalog(previous.raw, raw, fpLookup(previous.raw, previous.fps, raw, fingerprints)) : { added: raw.map((t) => t.name), removed: [], changed: [] };
    const change: CatalogChange = { serverId, at: new Date().toISOString(), reason: previous ? reason : 'initial', ...diff };
    this.changes.push(change);
    this.savePin(identity, raw);
    return change;
  }

  /** Recomputes risk after the user changes a server's trust. */
  retrust(serverId: string, trusted: boolean): void {
    const s = this.servers.get(serverId);
    if (!s) return;
    s.views = s.raw.map((t, i) => toolView(serverId, s.identity, trusted, t, s.fingerprints[i]));
  }

  /** Sets the icon shown for a tool (a data: URI the core made or checked). */
  setIcon(serverId: string, name: string, iconData: string): void {
    const s = this.servers.get(serverId);
    const i = s?.byName.get(name);
    if (s && i !== undefined) s.views[i] = { ...s.views[i], iconData };
  }

  /** Forgets a server's live tools (its pins stay). */
  drop(serverId: string): void {
    this.servers.delete(serverId);
  }

  private loadPin(identity: string): { raw: RawTool[]; fps?: string[] } | undefined {
    const mem = this.pins.get(identity);
    if (mem) return mem;
    if (!this.pinDir) return undefined;
    try {
      const data = JSON.parse(readFileSync(join(this.pinDir, `${identity}.json`), 'utf8')) as { tools: RawTool[] };
      return Array.isArray(data.tools) ? { raw: data.tools } : undefined;
    } catch {
      return undefined;
    }
  }

  private savePin(identity: string, raw: RawTool[]): void {
    this.pins.set(identity, { raw });
    if (!this.pinDir) return;
    const dir = this.pinDir;
    // Off the listing path: the pin is for the next session, not this one.
    setImmediate(() => {
      if (this.pins.get(identity)?.raw !== raw) return;
      try {
        writeFileAtomic(join(dir, `${identity}.json`), JSON.stringify({ savedAt: new Date().toISOString(), tools: raw }));
      } catch {
        /* pins are a convenience; the live catalog is unaffected */
      }
    });
  }
}

/** A fingerprint function that reuses hashes already computed for both lists. */
function fpLookup(a: RawTool[], aFps: string[] | undefined, b: RawTool[], bFps: string[]): (t: Record<string, unknown>) => string {
  const known = new Map<Record<string, unknown>, string>();
  b.forEach((t, i) => known.set(t, bFps[i]));
  if (aFps) a.forEach((t, i) => known.set(t, aFps[i]));
  return (t) => known.get(t) ?? hashJson(t);
}
