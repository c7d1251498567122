import type { EventPayload } from '../../../shared/contract/index.js';
import type { ListedTool } from '../../../shared/contract/catalog.js';
import type { CatalogChange, ToolView } from '../../../shared/schemas/tool.js';
import type { EventBus } from '../support/index.js';
import type { Catalog } from './catalog.js';

/** How many tools one catalog event carries at most (about half a megabyte of JSON). */
export const CATALOG_CHUNK = 1000;
/** Tools of a listing under way wait at most this long before they are sent (unless a chunk is full first). */
export const LISTING_EVERY_MS = 100;

/**
 * A view as a listing sends it: without what the event carries once, or what the page derives.
 * Written out field by field (a rest spread of 100,000 views took twice as long); `satisfies`
 * makes a field added to ToolView a compile error here until it is sent or left out on purpose.
 */
function listed(v: ToolView): ListedTool {
  return {
    name: v.name,
    title: v.title,
    description: v.description,
    icons: v.icons,
    iconData: v.iconData,
    declaredAnnotations: v.declaredAnnotations,
    _meta: v._meta,
    execution: v.execution,
    hiddenText: v.hiddenText.length ? v.hiddenText : undefined,
    needsTaskMode: v.needsTaskMode,
    excluded: v.excluded,
  } satisfies Record<keyof ListedTool, unknown>;
}

/** A listing under way into an empty catalog, told to front ends as its pages arrive. */
export interface ListingFeed {
  /** The tools listed so far (the builder's views, in order): what is new since the last call may go out. */
  page(views: readonly ToolView[]): void;
  /** Sends what is left; what `publish` needs to say the catalog is the streamed tools. */
  end(views: readonly ToolView[]): { stream: number; count: number };
}

/**
 * What front ends are told about each server's tools. Every catalog they are given is numbered
 * (`stream`, per server); once one has gone out whole, the next change is sent as a delta on it (only
 * the tools added or changed), so a `list_changed` over 100,000 tools costs what changed, not the
 * catalog. A first listing streams its tools as pages arrive, so the first page is on screen while
 * the rest is still being listed.
 */
export class CatalogFeed {
  /** The newest catalog number per server (a chunked send still under way stops when a newer one starts). */
  private streams = new Map<string, number>();
  /** The catalog front ends hold whole per server: what a delta may be sent against. */
  private whole = new Map<string, number>();
  /** Servers whose listing sent tools that no catalog event has settled yet. */
  private open = new Set<string>();

  constructor(
    private readonly bus: EventBus,
    private readonly catalog: Catalog,
  ) {}

  private next(id: string): number {
    const stream = (this.streams.get(id) ?? 0) + 1;
    this.streams.set(id, stream);
    this.whole.delete(id);
    return stream;
  }

  private emit(payload: EventPayload<'catalog.changed'>, stream: number): void {
    this.bus.emit('catalog.changed', payload);
    if (this.streams.get(payload.change.serverId) === stream) this.whole.set(payload.change.serverId, stream);
  }

  /** Whether front ends may hold tools of a listing that made no catalog (it failed or was cut short). */
  unsettled(id: string): boolean {
    return this.open.has(id);
  }

  /** Starts telling a listing into an empty catalog as it goes (`server`: what its tools share). */
  listing(id: string, server: { identity: string; trusted: boolean }): ListingFeed {
    const stream = this.next(id);
    let sent = 0;
    let sentAt = 0;
    // At the end, the last event says so (an empty one if every tool went out): front ends show it at once.
    const flush = (views: readonly ToolView[], end = false) => {
      while (this.streams.get(id) === stream && (sent < views.length || end)) {
        const tools = views.slice(sent, sent + CATALOG_CHUNK).map(listed);
        const last = end && sent + tools.length === views.length;
        this.open.add(id);
        this.bus.emit('catalog.listing', {
          serverId: id,
          serverIdentity: server.identity,
          trusted: server.trusted,
          stream,
          offset: sent,
          tools,
          ...(last && { last }),
        });
        sent += tools.length;
        if (last) break;
      }
      sentAt = performance.now();
    };
    return {
      page: (views) => {
        // The first tools at once; then a full chunk, or what came within LISTING_EVERY_MS.
        if (sent > 0 && views.length - sent < CATALOG_CHUNK && performance.now() - sentAt < LISTING_EVERY_MS) return;
        flush(views);
      },
      end: (views) => {
        flush(views, true);
        return { stream, count: sent };
      },
    };
  }

  /**
   * Tells every front end a server's catalog changed. `how.delta`: the change's lists name every
   * tool whose view differs from the catalog before (a listing's diff; not a trust or icon change).
   * `how.listed`: the catalog is the tools a listing feed streamed. Otherwise (or when front ends do
   * not hold the catalog before whole) the catalog goes whole, in chunks of CATALOG_CHUNK tools with a
   * turn of the event loop between them, so that no message is large and the core keeps answering.
   */
  publish(change: CatalogChange, how: { delta?: boolean; listed?: { stream: number; count: number } } = {}): void {
    const id = change.serverId;
    const tools = this.catalog.tools(id);
    this.open.delete(id);
    // The change itself (which can name every tool) travels once; an initial one names no tool (all are new).
    const light: CatalogChange = { ...change, added: [], removed: [], changed: [] };
    const listed = how.listed;
    if (listed && this.streams.get(id) === listed.stream && listed.count === tools.length) {
      const named = change.reason === 'initial' && tools.length > CATALOG_CHUNK ? light : change;
      return this.emit(
        { change: named, tools: [], stream: listed.stream, listed: { count: listed.count } },
        listed.stream,
      );
    }
    const base = this.whole.get(id);
    if (how.delta && base !== undefined && change.reason !== 'initial') {
      const names = new Set([...change.added, ...change.changed.map((c) => c.name)]);
      if (names.size <= CATALOG_CHUNK) {
        const at: number[] = [];
        const delta: ToolView[] = [];
        tools.forEach((t, i) => {
          if (!names.has(t.name)) return;
          at.push(i);
          delta.push(t);
        });
        const stream = this.next(id);
        return this.emit({ change, tools: delta, stream, delta: { base, count: tools.length, at } }, stream);
      }
    }
    const stream = this.next(id);
    if (tools.length <= CATALOG_CHUNK) return this.emit({ change, tools, stream }, stream);
    const count = Math.ceil(tools.length / CATALOG_CHUNK);
    const send = (index: number) => {
      if (this.streams.get(id) !== stream) return;
      // An initial listing's names are not repeated: every tool of it is new, and the chunks name them all.
      const last = index === count - 1 && change.reason !== 'initial';
      const payload = {
        change: last ? change : light,
        tools: tools.slice(index * CATALOG_CHUNK, (index + 1) * CATALOG_CHUNK),
        chunk: { index, count, stream },
      };
      if (index === count - 1) return this.emit(payload, stream);
      this.bus.emit('catalog.changed', payload);
      setImmediate(() => send(index + 1));
    };
    send(0);
  }
}
