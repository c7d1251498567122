import type { Client } from '@modelcontextprotocol/client';
import { diffCatalog } from '../../../shared/catalog-diff.js';
import type { CatalogChange, ToolChange, ToolView } from '../../../shared/schemas/tool.js';
import { canonicalJson } from '../../../shared/canonical-json.js';
import { CoreError, sha256, RingBuffer } from '../support/index.js';
import { walkList, type ListSpec, type ListWalk } from './list-walk.js';
import { LastSeenStore } from './last-seen.js';
import { paramHeaders, scanHeaderParams } from '../../../shared/param-headers.js';
import { toolView, type RawTool } from './tool-view.js';
import { Build, type CatalogBuild, type ServerCatalog } from './catalog-build.js';

export { MAX_DEFINITION_BYTES, type CatalogBuild } from './catalog-build.js';

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
export function fetchAllTools(
  client: Client,
  timeoutMs: number,
  onPage?: (tools: RawTool[]) => string[] | void,
): Promise<ListWalk<RawTool>> {
  return walkList(client, TOOLS_LIST, timeoutMs, onPage);
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
    if (!t)
      throw new CoreError('unknown-tool', `server ${JSON.stringify(serverId)} offers no tool ${JSON.stringify(name)}`);
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
    // A re-list: a definition the same as the one listed before keeps its view (and fingerprint).
    const current = this.servers.get(serverId);
    const before =
      current && current.identity === identity && current.headerRules === headerRules ? current : undefined;
    return new Build({ serverId, identity, trusted, headerRules }, before, (next, reason) =>
      this.swapIn(serverId, next, reason),
    );
  }

  private swapIn(
    serverId: string,
    next: Omit<ServerCatalog, 'headerParams'>,
    reason: CatalogChange['reason'],
  ): CatalogChange {
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
        ? diffCatalog(
            before.raw,
            raw,
            { before: before.fingerprints, after: fingerprints },
            { before: before.byName, after: byName },
          )
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
    s.views = s.raw.map((t, i) =>
      toolView(
        serverId,
        s.identity,
        trusted,
        t,
        { fingerprint: s.fingerprints[i] ?? sha256(canonicalJson(t)) },
        s.headerRules,
      ),
    );
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
