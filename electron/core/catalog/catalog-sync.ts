import type { Client } from '@modelcontextprotocol/client';
import { isEmptyDiff } from '../../../shared/catalog-diff.js';
import type { CatalogChange, ToolView } from '../../../shared/schemas/tool.js';
import type { AuditTrail } from '../audit/index.js';
import { fetchAllTools, type Catalog, type CatalogBuild } from './catalog.js';
import { listFacts, type ListWalk } from './list-walk.js';
import type { ListFacts } from '../../../shared/schemas/list-facts.js';
import type { EventBus } from '../support/index.js';
import { hasRemoteIcon, type IconFetcher } from './icons.js';
import type { ServerStore } from '../config/index.js';
import { CatalogFeed, type ListingFeed } from './catalog-feed.js';

/** The shortest time between two listings the console makes on a server's cache hint alone. */
export const MIN_TTL_RELIST_MS = 1000;

export interface CatalogSyncDeps {
  store: ServerStore;
  catalog: Catalog;
  /** Where catalog changes and listing errors are recorded (and announced). */
  trail: AuditTrail;
  bus: EventBus;
  icons: IconFetcher;
  client(id: string): Client | undefined;
  /** The 2026-07-28 Streamable HTTP rules for tools apply to this server's connection (x-mcp-header). */
  headerRules(id: string): boolean;
  /** A server's catalog changed (the call manager re-asks approvals of changed tools). */
  changed(change: CatalogChange): void;
  /** A server's view changed (a listing error came or went). */
  announce(id: string): void;
}

/**
 * Keeps each server's live catalog in step with the server: one tools/list walk at a time (a change
 * during a walk triggers one more), the audit entry and event for each change, https icons after.
 */
export class CatalogSync {
  private refreshing = new Map<string, Promise<void>>();
  /** The build of each first listing under way, whose tools front ends are streamed. */
  private building = new Map<string, CatalogBuild>();
  private dirty = new Set<string>();
  private errors = new Map<string, string>();
  /** What front ends are told of each server's tools. */
  private readonly feed: CatalogFeed;
  /** Each server's last successful tools listing: when, and the cache hints it came with. */
  private listings = new Map<
    string,
    { listedAt: number; cache?: ListWalk<unknown>['cache']; timer?: NodeJS.Timeout }
  >();

  constructor(private readonly deps: CatalogSyncDeps) {
    this.feed = new CatalogFeed(deps.bus, deps.catalog);
  }

  /** Lists a server's tools again; a call made meanwhile waits for it (see `settling`). */
  refresh(id: string, reason: CatalogChange['reason']): Promise<void> {
    const running = this.refreshing.get(id);
    if (running) {
      this.dirty.add(id);
      return running;
    }
    const p = (async () => {
      do {
        this.dirty.delete(id);
        await this.fetch(id, reason).finally(() => this.building.delete(id));
      } while (this.dirty.has(id));
    })().finally(() => this.refreshing.delete(id));
    this.refreshing.set(id, p);
    return p;
  }

  /** The walk under way for a server, if any. */
  settling(id: string): Promise<void> | undefined {
    return this.refreshing.get(id);
  }

  /** A tool of a first listing under way, whole (front ends are streamed its tools before the catalog holds them). */
  streamed(id: string, name: string): ToolView | undefined {
    return this.building.get(id)?.peek(name);
  }

  /** What went wrong with the server's last listing, if anything. */
  listError(id: string): string | undefined {
    return this.errors.get(id);
  }

  clearError(id: string): void {
    this.errors.delete(id);
  }

  /** Tells every front end the server's whole catalog (its tools' views changed, or it is gone). */
  publish(change: CatalogChange): void {
    this.feed.publish(change);
  }

  /** When the server's tools were last listed, and their cache hints. */
  facts(id: string): ListFacts | undefined {
    const l = this.listings.get(id);
    return l && listFacts(l.listedAt, l.cache);
  }

  /**
   * Keeps the listing's facts; a list the server says stays fresh for ttlMs > 0 is walked again once
   * that time has passed (at most once a second). ttl 0 sets no timer: the catalog follows
   * list_changed, and a person can list again.
   */
  private listed(id: string, cache: ListWalk<unknown>['cache']): void {
    clearTimeout(this.listings.get(id)?.timer);
    const timer =
      cache && cache.ttlMs > 0
        ? setTimeout(
            () => void this.refresh(id, 'refresh').catch(() => undefined),
            Math.max(MIN_TTL_RELIST_MS, cache.ttlMs),
          )
        : undefined;
    timer?.unref();
    this.listings.set(id, { listedAt: Date.now(), cache, timer });
  }

  /** Forgets a server's live tools (it disconnected or died) and says so. */
  drop(id: string): void {
    clearTimeout(this.listings.get(id)?.timer);
    this.listings.delete(id);
    // A listing cut short may have streamed tools that never made a catalog: front ends drop them too.
    if (this.deps.catalog.tools(id).length === 0 && !this.feed.unsettled(id)) return;
    this.deps.catalog.drop(id);
    this.publish({
      serverId: id,
      at: new Date().toISOString(),
      reason: 'disconnect',
      added: [],
      removed: [],
      changed: [],
    });
  }

  private async fetch(id: string, reason: CatalogChange['reason']): Promise<void> {
    const e = this.deps.store.get(id);
    const client = this.deps.client(id);
    if (!e || !client) return;
    const identity = e.identity;
    let feed: ListingFeed | undefined;
    try {
      const build = this.deps.catalog.builder(id, identity, e.settings.trusted, this.deps.headerRules(id));
      // Into an empty catalog (a connect), the tools go to front ends as pages arrive.
      if (this.deps.catalog.tools(id).length === 0) {
        feed = this.feed.listing(id, { identity, trusted: e.settings.trusted });
        this.building.set(id, build);
      }
      const onPage = (tools: Parameters<typeof build.add>[0]) => {
        const problems = build.add(tools);
        feed?.page(build.views);
        return problems;
      };
      const listing = client.getServerCapabilities()?.tools
        ? await fetchAllTools(client, e.settings.callTimeoutMs, onPage)
        : { items: [], problems: [] };
      if (this.deps.client(id) !== client) return;
      // The last tools go to front ends before the definitions are fingerprinted; a tool the seal
      // drops makes the count differ, and front ends are then sent the catalog whole.
      const streamed = feed?.end(build.views);
      const problems = [...listing.problems, ...(await build.seal())];
      if (this.deps.client(id) !== client) return;
      if (problems.length) {
        this.errors.set(
          id,
          `tools/list: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`,
        );
        this.deps.trail.record({
          kind: 'server-error',
          serverId: id,
          serverIdentity: identity,
          reason: 'malformed tools in tools/list',
          detail: { problems: problems.slice(0, 50) },
        });
      } else this.errors.delete(id);
      const change = build.commit(reason);
      this.listed(id, 'cache' in listing ? listing.cache : undefined);
      if (change.reason !== 'initial' && !isEmptyDiff(change)) {
        this.deps.trail.record({
          kind: 'catalog-change',
          serverId: id,
          serverIdentity: identity,
          reason: change.reason,
          detail: {
            added: change.added,
            removed: change.removed,
            changed: change.changed.map((c) => ({
              name: c.name,
              fields: c.fields,
              fingerprint: this.deps.catalog.get(id, c.name)?.fingerprint,
            })),
          },
        });
      } else if (change.reason === 'initial') {
        this.deps.trail.record({
          kind: 'catalog-change',
          serverId: id,
          serverIdentity: identity,
          reason: 'initial',
          detail: { tools: listing.count ?? 0 },
        });
      }
      this.feed.publish(change, streamed ? { listed: streamed } : { delta: true });
      this.deps.changed(change);
      // The server's card shows its tool count (and any listing error): it changes with the catalog.
      this.deps.announce(id);
      void this.fetchIcons(id, client).catch(() => {});
    } catch (err) {
      if (this.deps.client(id) !== client) return;
      const msg = `tools/list failed: ${(err as Error).message}`;
      this.errors.set(id, msg);
      // SECURITY: the old definitions may no longer be what the server runs: no grant or policy applies until a listing
      // succeeds.
      this.deps.catalog.markStale(id, msg);
      // Tools streamed from a listing that failed made no catalog: front ends are told what there is.
      if (this.feed.unsettled(id))
        this.publish({
          serverId: id,
          at: new Date().toISOString(),
          reason: 'refresh',
          added: [],
          removed: [],
          changed: [],
        });
      this.deps.trail.record({
        kind: 'server-error',
        serverId: id,
        serverIdentity: identity,
        reason: msg,
        detail: { stale: this.deps.catalog.tools(id).length > 0 },
      });
      this.deps.announce(id);
    }
  }

  private async fetchIcons(id: string, client: unknown): Promise<void> {
    let any = false;
    for (const t of this.deps.catalog.tools(id)) {
      // data: icons were checked when the view was built; only https icons need the network.
      if (t.iconData || !hasRemoteIcon(t.icons)) continue;
      const data = await this.deps.icons.resolve(t.icons);
      if (this.deps.client(id) !== client) return;
      if (data) {
        this.deps.catalog.setIcon(id, t.name, data);
        any = true;
      }
    }
    if (any)
      this.publish({
        serverId: id,
        at: new Date().toISOString(),
        reason: 'icons',
        added: [],
        removed: [],
        changed: [],
      });
  }
}
