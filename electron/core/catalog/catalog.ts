import type { Client } from '@modelcontextprotocol/client';
import { diffCatalog } from '../../../shared/catalog-diff.js';
import type { CatalogChange, ToolChange, ToolView } from '../../../shared/schemas/tool.js';
import { canonicalJson } from '../../../shared/canonical-json.js';
import { CoreError, sha256, RingBuffer } from '../support/index.js';
import { secondOf, walkList, type ListSpec, type ListWalk } from './list-walk.js';
import { LastSeenStore } from './last-seen.js';
import { MAX_JSON_DEPTH } from '../../../shared/json-depth.js';
import { definitionShape } from './definition-shape.js';
import { sameJson } from '../../../shared/json-equal.js';
import { paramHeaders, scanHeaderParams, type HeaderParam } from '../../../shared/param-headers.js';
import { toolView, type RawTool } from './tool-view.js';

/** The largest tool definition the console takes (canonical JSON); a larger one is skipped and reported. */
export const MAX_DEFINITION_BYTES = 1024 * 1024;
const tooLarge = (chars: number) => `its definition is larger than ${MAX_DEFINITION_BYTES / 1024} KB (${Math.round(chars / 1024)} KB)`;

/** sha-256 of a definition's canonical JSON; throws for one nested too deep or larger than MAX_DEFINITION_BYTES. */
function fingerprintOf(def: RawTool | undefined): string {
  const json = canonicalJson(def, MAX_JSON_DEPTH);
  if (json.length > MAX_DEFINITION_BYTES) throw new Error(tooLarge(json.length));
  return sha256(json);
}

/** How `tools/list` is walked: tools are told apart by name and need an inputSchema object. */
export const TOOLS_LIST: ListSpec<RawTool> = {
  method: 'tools/list',
  field: 'tools',
  noun: 'tool',
  key: (t) => t.name,
  malformed(t) {
    if (!t || typeof t !== 'object' || Array.isArray(t)) return 'not an object';
    const { name, inputSchema } = t as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') return 'no name';
    if (!inputSchema || typeof inputSchema !== 'object' || Array.isArray(inputSchema))
      return `tool ${JSON.stringify(name.slice(0, 100))} has no inputSchema object`;
    return null;
  },
};

/** Every tool of a server, in server order (see walkList). */
export function fetchAllTools(client: Client, timeoutMs: number, onPage?: (tools: RawTool[]) => string[] | void): Promise<ListWalk<RawTool>> {
  return walkList(client, TOOLS_LIST, timeoutMs, onPage);
}

/** A server's new catalog while it is listed (`Catalog.builder`). */
export interface CatalogBuild {
  /** Takes a page of definitions; says what it skipped, and why. */
  add(tools: RawTool[]): string[];
  /** The views taken so far, in server order (their fingerprints are made by `seal`). */
  readonly views: readonly ToolView[];
  /**
   * A view taken, whole, before the build is sealed (a front end opens a tool it was streamed):
   * its fingerprint is made now, as the seal would make it. Undefined when there is none by that
   * name, or it cannot be hashed (the seal drops it).
   */
  peek(name: string): ToolView | undefined;
  /** Fingerprints every view taken since the last seal, in slices; a definition that cannot be hashed is dropped, and said. */
  seal(): Promise<string[]>;
  /** Swaps the sealed catalog in, and says how it differs from the one before. */
  commit(reason: CatalogChange['reason']): CatalogChange;
}

/** A view's fingerprint until its build is sealed: no sha-256 in hex is empty. */
const UNSEALED = '';
/** How long sealing runs before it lets the loop take a turn. */
const SEAL_SLICE_MS = 8;

interface ServerCatalog {
  identity: string;
  /** The x-mcp-header rules apply (modern era over Streamable HTTP). */
  headerRules: boolean;
  /** Each tool's x-mcp-header parameters, read on its first call (this catalog's definitions never change). */
  headerParams?: Map<string, HeaderParam[]>;
  raw: RawTool[];
  fingerprints: string[];
  views: ToolView[];
  byName: Map<string, number>;
}

/**
 * Every connected server's tools, the last known definitions of each server identity (kept in
 * the data directory, so a change is shown even across restarts), and the recent changes.
 */
export class Catalog {
  private servers = new Map<string, ServerCatalog>();
  private staleReasons = new Map<string, string>();
  private readonly seen: LastSeenStore<RawTool>;
  readonly changes = new RingBuffer<CatalogChange>(200);

  constructor(seenDir: string | null) {
    this.seen = new LastSeenStore<RawTool>(seenDir, 'tools', (t) => String(t.name));
  }

  tools(serverId?: string): ToolView[] {
    if (serverId !== undefined) return this.servers.get(serverId)?.views ?? [];
    return [...this.servers.values()].flatMap((s) => s.views);
  }

  get(serverId: string, name: string): ToolView | undefined {
    const s = this.servers.get(serverId);
    const i = s?.byName.get(name);
    return s && i !== undefined ? s.views[i] : undefined;
  }

  /** One live tool; an unknown one is an error. */
  must(serverId: string, name: string): ToolView {
    const t = this.get(serverId, name);
    if (!t) throw new CoreError('unknown-tool', `server ${JSON.stringify(serverId)} offers no tool ${JSON.stringify(name)}`);
    return t;
  }

  /** The recent catalog changes of one server (or all), oldest first. */
  changesOf(serverId?: string): CatalogChange[] {
    return this.changes.toArray().filter((c) => serverId === undefined || c.serverId === serverId);
  }

  /** The `Mcp-Param-*` headers a call of this tool sends (none unless the x-mcp-header rules apply). */
  headersFor(serverId: string, name: string, args: Record<string, unknown>): Record<string, string> | undefined {
    const s = this.servers.get(serverId);
    if (!s?.headerRules) return undefined;
    s.headerParams ??= new Map();
    let params = s.headerParams.get(name);
    if (!params) {
      const scan = scanHeaderParams(this.raw(serverId, name)?.inputSchema);
      params = scan.ok ? scan.params : [];
      s.headerParams.set(name, params);
    }
    return params.length ? paramHeaders(params, args) : undefined;
  }

  /** Every current definition of a server exactly as it sent them (the review reads these). */
  rawTools(serverId: string): readonly RawTool[] {
    return this.servers.get(serverId)?.raw ?? [];
  }

  /** The definition exactly as the server sent it. */
  raw(serverId: string, name: string): RawTool | undefined {
    const s = this.servers.get(serverId);
    const i = s?.byName.get(name);
    return s && i !== undefined ? s.raw[i] : undefined;
  }

  /**
   * Builds a server's new catalog page by page, then swaps it in. A page's views are made as it
   * arrives, ready to be shown; their fingerprints are made by `seal` once the walk is over, so that
   * hashing 100,000 definitions does not slow the listing the page is waiting for. Nothing reads a
   * fingerprint before `commit`, which refuses a build that was not sealed.
   */
  builder(serverId: string, identity: string, trusted: boolean, headerRules = false): CatalogBuild {
    let raw: RawTool[] = [];
    let views: ToolView[] = [];
    let fingerprints: string[] = [];
    // The index the catalog keeps, built as tools arrive; it also tells a second tool of a name.
    let byName = new Map<string, number>();
    // Names whose first tool was skipped: a second tool of that name is not taken in its place.
    const refused = new Set<string>();
    // Where the views still without a fingerprint start (the ones before were sealed or kept).
    let unsealed = 0;
    // A re-list: a definition the same as the one listed before keeps its view (and fingerprint).
    const current = this.servers.get(serverId);
    const before = current && current.identity === identity && current.headerRules === headerRules ? current : undefined;
    const take = (t: RawTool, view: ToolView) => {
      byName.set(t.name, raw.length);
      raw.push(t);
      views.push(view);
      fingerprints.push(view.fingerprint);
    };
    const skip = (name: unknown, why: string) => `skipped tool ${JSON.stringify(String(name).slice(0, 100))}: ${why}`;
    return {
      add: (tools) => {
        const problems: string[] = [];
        for (const t of tools) {
          // SECURITY: a server that lists one name twice gets its first definition; the second is reported.
          if (byName.has(t.name) || refused.has(t.name)) {
            problems.push(secondOf('tool', t.name));
            continue;
          }
          // SECURITY: one tool that cannot be processed is skipped and reported; it never takes its server's other tools down.
          try {
            if (before) {
              const i = before.byName.get(t.name);
              const old = i === undefined ? undefined : before.raw[i];
              const view = i === undefined ? undefined : before.views[i];
              // Compared whole (never by a hash of it): the same definition keeps its view and fingerprint.
              if (old && view && view.risk.trusted === trusted && sameJson(old, t)) {
                take(old, view);
                continue;
              }
            }
            // SECURITY: the bounds hold before anything else walks the definition (the page's form included);
            // the size is a floor here, and exact when the seal writes the definition out.
            const shape = definitionShape(t);
            if (shape.tooDeep) throw new RangeError(`nested deeper than ${MAX_JSON_DEPTH} levels`);
            if (shape.chars > MAX_DEFINITION_BYTES) throw new Error(tooLarge(shape.chars));
            take(t, toolView(serverId, identity, trusted, t, { plain: shape.plain, fingerprint: UNSEALED }, headerRules));
          } catch (e) {
            refused.add(t.name);
            problems.push(skip(t.name, (e as Error).message));
          }
        }
        return problems;
      },
      get views() {
        return views;
      },
      peek: (name) => {
        const i = byName.get(name);
        const view = i === undefined ? undefined : views[i];
        if (i === undefined || !view) return undefined;
        if (view.fingerprint === UNSEALED) {
          try {
            view.fingerprint = fingerprints[i] = fingerprintOf(raw[i]);
          } catch {
            return undefined;
          }
        }
        return view;
      },
      seal: async () => {
        const problems: string[] = [];
        const failed = new Set<number>();
        let slice = performance.now();
        for (let i = unsealed; i < views.length; i++) {
          // In slices of a few milliseconds: the loop answers front ends, agents and other servers meanwhile.
          if ((i & 255) === 255 && performance.now() - slice > SEAL_SLICE_MS) {
            await new Promise<void>((r) => setImmediate(r));
            slice = performance.now();
          }
          const view = views[i]!;
          if (view.fingerprint !== UNSEALED) continue;
          try {
            // The views made by `add` are this build's own: a kept one was sealed in the catalog before.
            view.fingerprint = fingerprints[i] = fingerprintOf(raw[i]);
          } catch (e) {
            failed.add(i);
            refused.add(raw[i]!.name);
            problems.push(skip(raw[i]!.name, (e as Error).message));
          }
        }
        if (failed.size) {
          const keep = (_: unknown, i: number) => !failed.has(i);
          raw = raw.filter(keep);
          views = views.filter(keep);
          fingerprints = fingerprints.filter(keep);
          byName = new Map(raw.map((t, i) => [t.name, i]));
        }
        unsealed = views.length;
        return problems;
      },
      commit: (reason) => {
        if (unsealed !== views.length) throw new Error('a catalog build was committed before its fingerprints were made (seal it first)');
        return this.swapIn(serverId, { identity, headerRules, raw, views, fingerprints, byName }, reason);
      },
    };
  }

  private swapIn(serverId: string, next: Omit<ServerCatalog, 'headerParams'>, reason: CatalogChange['reason']): CatalogChange {
    const { identity, raw, fingerprints, byName } = next;
    this.staleReasons.delete(serverId);
    const before = this.servers.get(serverId);
    const seen = before && before.identity === identity ? undefined : this.seen.load(identity);
    // The catalog before keeps its index by name: the diff uses both indexes rather than build its own.
    // A list of the last session is read from its file as keys and fingerprints; the definitions of
    // the tools that changed are read as the diff asks for them.
    this.servers.set(serverId, next);
    const diff =
      before && before.identity === identity
        ? diffCatalog(before.raw, raw, { before: before.fingerprints, after: fingerprints }, { before: before.byName, after: byName })
        : seen
          ? diffCatalog(seen, raw, { after: fingerprints }, { after: byName })
          : { added: raw.map((t) => t.name), removed: [], changed: [] };
    const change: CatalogChange = {
      serverId,
      at: new Date().toISOString(),
      reason: (before && before.identity === identity) || seen ? reason : 'initial',
      ...diff,
    };
    this.changes.push(change);
    this.seen.save(identity, raw, fingerprints);
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

  /** How a tool changed most recently (from the recent changes), if it did. */
  lastChange(serverId: string, tool: string): ToolChange | undefined {
    for (const c of this.changes.toArray().reverse()) {
      const hit = c.serverId === serverId ? c.changed.find((x) => x.name === tool) : undefined;
      if (hit) return hit;
    }
    return undefined;
  }

  /** Recomputes risk after the user changes a server's trust. */
  retrust(serverId: string, trusted: boolean): void {
    const s = this.servers.get(serverId);
    if (!s) return;
    s.views = s.raw.map((t, i) => toolView(serverId, s.identity, trusted, t, { fingerprint: s.fingerprints[i] ?? sha256(canonicalJson(t)) }, s.headerRules));
  }

  /** Sets the icon shown for a tool (a data: URI the core made or checked). */
  setIcon(serverId: string, name: string, iconData: string): void {
    const s = this.servers.get(serverId);
    const i = s?.byName.get(name);
    const view = i === undefined ? undefined : s?.views[i];
    if (s && i !== undefined && view) s.views[i] = { ...view, iconData };
  }

  /** Forgets a server's live tools (what was last seen stays). */
  drop(serverId: string): void {
    this.servers.delete(serverId);
    this.staleReasons.delete(serverId);
  }

  /** Writes every last-seen list still waiting (on close). */
  flushLastSeen(): void {
    this.seen.flush();
  }
}
