import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { z } from 'zod';
import { effectiveAnnotations, toolRisk } from '../../shared/annotations.js';
import { diffCatalog } from '../../shared/catalog-diff.js';
import { HIDDEN_RE, hasHiddenText } from '../../shared/hidden-text.js';
import { Icon, type CatalogChange, type ToolView } from '../../shared/schemas/tool.js';
import { writeFileAtomic } from './data-dir.js';
import { localIcon } from './icons.js';
import { canonicalJson } from '../../shared/canonical-json.js';
import { hashJson, sha256 } from './hash.js';
import { RingBuffer } from './ring-buffer.js';
import { MAX_JSON_DEPTH } from '../../shared/json-depth.js';

/** How long a new catalog waits before it is pinned to disk. */
const PIN_DELAY_MS = 500;

/** The most pages one tools/list walk follows before it gives up. */
export const MAX_PAGES = 10_000;

type RawTool = Record<string, unknown> & { name: string };
/** One page: the tools are checked one by one below, so that one malformed tool does not hide the rest. */
const ListPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** The largest tool definition the console takes (canonical JSON); a larger one is skipped and reported. */
export const MAX_DEFINITION_BYTES = 1024 * 1024;

/** Why a listed tool cannot be used, or null when it can. */
function malformed(t: unknown): string | null {
  if (!t || typeof t !== 'object' || Array.isArray(t)) return 'not an object';
  const { name, inputSchema } = t as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return 'no name';
  if (!inputSchema || typeof inputSchema !== 'object' || Array.isArray(inputSchema)) return `tool ${JSON.stringify(name.slice(0, 100))} has no inputSchema object`;
  return null;
}

/** A full tools/list walk: the usable tools in server order, and what was wrong with the others. */
export interface ToolListing {
  tools: RawTool[];
  problems: string[];
}

/**
 * Follows `nextCursor` to the end, in server order; refuses a cursor that repeats or never ends.
 * The next page is asked for before `onPage` handles the current one, so the console's work on
 * a page overlaps the server's work on the next.
 */
export async function fetchAllTools(client: Client, timeoutMs: number, onPage: (tools: RawTool[]) => string[] | void = () => {}): Promise<ToolListing> {
  const tools: RawTool[] = [];
  const problems: string[] = [];
  const names = new Set<string>();
  const seen = new Set<string>();
  const ask = (cursor?: string) => client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ListPage, { timeout: timeoutMs });
  let next = ask();
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await next;
    const cursor = res.nextCursor;
    if (cursor !== undefined) {
      // SECURITY: a server that loops its cursor must not keep the console listing forever.
      if (seen.has(cursor)) throw new Error(`tools/list: the server repeated cursor ${JSON.stringify(cursor.slice(0, 100))} after ${page + 1} pages`);
      seen.add(cursor);
      next = ask(cursor);
      next.catch(() => {}); // awaited on the next turn; this only keeps it from being reported as unhandled meanwhile
    }
    const accepted: RawTool[] = [];
    for (const t of res.tools) {
      // SECURITY: a tool list is untrusted input; skip what cannot be a tool and say so.
      const why = malformed(t);
      const name = (t as RawTool).name;
      if (why) problems.push(`skipped a malformed tool on page ${page + 1}: ${why}`);
      else if (names.has(name)) problems.push(`skipped a second tool named ${JSON.stringify(name.slice(0, 100))}`);
      else {
        names.add(name);
        accepted.push(t as RawTool);
      }
    }
    // The page handler skips what it cannot process (and says why); the rest stand.
    const skipped = onPage(accepted) ?? [];
    for (const p of skipped) problems.push(p);
    for (const t of accepted) tools.push(t);
    if (cursor === undefined) return { tools, problems };
  }
  throw new Error(`tools/list: gave up after ${MAX_PAGES} pages`);
}

/** Top-level fields whose strings hold hidden characters. */
function hiddenFields(def: RawTool, json: string): string[] {
  // Fast path: JSON text with no hidden character and no escape at all cannot hide one.
  if (!HIDDEN_RE.test(json) && !json.includes('\\')) return [];
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
export function toolView(serverId: string, identity: string, trusted: boolean, def: RawTool, known?: { json: string; fingerprint: string }): ToolView {
  const json = known?.json ?? JSON.stringify(def);
  const fingerprint = known?.fingerprint ?? sha256(canonicalJson(def));
  const declared = def.annotations && typeof def.annotations === 'object' && !Array.isArray(def.annotations) ? (def.annotations as ToolView['declaredAnnotations']) : undefined;
  // SECURITY: only icons of the right shape reach the views (the rest are not icons).
  const icons = Array.isArray(def.icons) ? def.icons.filter((i) => Icon.safeParse(i).success) : undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  return {
    serverId,
    name: def.name,
    title: str(def.title),
    description: str(def.description),
    inputSchema: obj(def.inputSchema) ?? {},
    outputSchema: obj(def.outputSchema),
    icons: icons as ToolView['icons'],
    iconData: icons?.length ? localIcon(icons) : undefined,
    annotations: effectiveAnnotations(declared),
    declaredAnnotations: declared,
    _meta: obj(def._meta),
    execution: obj(def.execution),
    fingerprint,
    serverIdentity: identity,
    risk: toolRisk(declared, trusted),
    hiddenText: hiddenFields(def, json),
    needsTaskMode: obj(def.execution)?.taskSupport === 'required' || undefined,
  };
}

interface ServerCatalog {
  identity: string;
  /** Native JSON text of each current definition -> its fingerprint, to skip re-hashing on a re-list (made on the first re-list). */
  fpCache?: Map<string, string>;
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
  private staleReasons = new Map<string, string>();
  private pins = new Map<string, { raw: RawTool[]; fps?: string[] }>();
  private pinTimers = new Map<string, NodeJS.Timeout>();
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

  /** Builds a server's new catalog page by page (views are made as pages arrive), then swaps it in. */
  builder(serverId: string, identity: string, trusted: boolean): { add(tools: RawTool[]): string[]; commit(reason: CatalogChange['reason']): CatalogChange } {
    const raw: RawTool[] = [];
    const views: ToolView[] = [];
    const current = this.servers.get(serverId);
    // A re-list: definitions seen before (same native JSON text) keep their fingerprint unhashed.
    const known = current && current.identity === identity ? (current.fpCache ??= cacheOf(current.raw, current.fingerprints)) : undefined;
    const fpCache = known ? new Map<string, string>() : undefined;
    return {
      add: (tools) => {
        const problems: string[] = [];
        for (const t of tools) {
          // SECURITY: one tool that cannot be processed is skipped and reported; it never takes its server's other tools down.
          try {
            let json: string;
            let fingerprint: string;
            if (known) {
              json = JSON.stringify(t);
              // SECURITY: the depth bound is checked while hashing; a cached definition was checked when first seen.
              fingerprint = known.get(json) ?? sha256(canonicalJson(t, MAX_JSON_DEPTH));
            } else {
              // A first listing: the canonical text serves both the hash and the hidden-text check.
              json = canonicalJson(t, MAX_JSON_DEPTH);
              fingerprint = sha256(json);
            }
            if (json.length > MAX_DEFINITION_BYTES) throw new Error(`its definition is larger than ${MAX_DEFINITION_BYTES / 1024} KB (${Math.round(json.length / 1024)} KB)`);
            const view = toolView(serverId, identity, trusted, t, { json, fingerprint });
            fpCache?.set(json, fingerprint);
            raw.push(t);
            views.push(view);
          } catch (e) {
            problems.push(`skipped tool ${JSON.stringify(String(t.name).slice(0, 100))}: ${(e as Error).message}`);
          }
        }
        return problems;
      },
      commit: (reason) => this.swapIn(serverId, identity, raw, views, fpCache, reason),
    };
  }

  private swapIn(serverId: string, identity: string, raw: RawTool[], views: ToolView[], fpCache: Map<string, string> | undefined, reason: CatalogChange['reason']): CatalogChange {
    const fingerprints = views.map((v) => v.fingerprint);
    this.staleReasons.delete(serverId);
    const before = this.servers.get(serverId);
    const previous = before && before.identity === identity ? { raw: before.raw, fps: before.fingerprints } : this.loadPin(identity);
    const byName = new Map<string, number>();
    raw.forEach((t, i) => byName.set(t.name, i));
    this.servers.set(serverId, { identity, fpCache, raw, fingerprints, views, byName });
    const diff = previous ? diffCatalog(previous.raw, raw, { before: previous.fps ?? previous.raw.map((t) => hashJson(t)), after: fingerprints }) : { added: raw.map((t) => t.name), removed: [], changed: [] };
    const change: CatalogChange = { serverId, at: new Date().toISOString(), reason: previous ? reason : 'initial', ...diff };
    this.changes.push(change);
    this.savePin(identity, raw, fingerprints);
    return change;
  }

  /**
   * The server said its tools changed (or reconnected) but the new list could not be had: what is
   * shown may not be what the server runs. Calls to it are asked again until a listing succeeds.
   */
  markStale(serverId: string, reason: string): void {
    if (this.servers.has(serverId)) this.staleReasons.set(serverId, reason);
  }

  /** Why a server's catalog is stale, or undefined when it is current. */
  stale(serverId: string): string | undefined {
    return this.staleReasons.get(serverId);
  }

  /** Recomputes risk after the user changes a server's trust. */
  retrust(serverId: string, trusted: boolean): void {
    const s = this.servers.get(serverId);
    if (!s) return;
    s.views = s.raw.map((t, i) => toolView(serverId, s.identity, trusted, t, { json: JSON.stringify(t), fingerprint: s.fingerprints[i] }));
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
    this.staleReasons.delete(serverId);
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

  private savePin(identity: string, raw: RawTool[], fps: string[]): void {
    this.pins.set(identity, { raw, fps });
    if (!this.pinDir) return;
    // Off the listing path and debounced: the pin is for the next session, not this one.
    clearTimeout(this.pinTimers.get(identity));
    const t = setTimeout(() => this.writePin(identity), PIN_DELAY_MS);
    t.unref();
    this.pinTimers.set(identity, t);
  }

  /** Writes every pin still waiting (on close). */
  flushPins(): void {
    for (const [identity, t] of this.pinTimers) {
      clearTimeout(t);
      this.writePin(identity);
    }
  }

  private writePin(identity: string): void {
    this.pinTimers.delete(identity);
    const pin = this.pins.get(identity);
    if (!pin || !this.pinDir) return;
    try {
      writeFileAtomic(join(this.pinDir, `${identity}.json`), JSON.stringify({ savedAt: new Date().toISOString(), tools: pin.raw }));
    } catch {
      /* pins are a convenience; the live catalog is unaffected */
    }
  }
}

function cacheOf(raw: RawTool[], fingerprints: string[]): Map<string, string> {
  const m = new Map<string, string>();
  raw.forEach((t, i) => m.set(JSON.stringify(t), fingerprints[i]));
  return m;
}

