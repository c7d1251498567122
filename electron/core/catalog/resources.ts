import type { Client } from '@modelcontextprotocol/client';
import { ReadResourceResult } from '../../../shared/schemas/content.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { ResourceTemplateView, ResourceView } from '../../../shared/schemas/resource.js';
import { diffLists } from '../../../shared/catalog-diff.js';
import type { ListFacts } from '../../../shared/schemas/list-facts.js';
import type { AuditTrail } from '../audit/index.js';
import type { ServerEntry } from '../config/index.js';
import { hashJson } from '../support/index.js';
import { listFacts, walkList, type ListSpec } from './list-walk.js';
import { connectedServer, recordedRequest, type ServerLookup } from './server-request.js';
import { LastSeenStore } from './last-seen.js';

type RawItem = Record<string, unknown>;

const isObject = (v: unknown): v is RawItem => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How `resources/list` is walked: resources are told apart by URI and need a name. */
export const RESOURCES_LIST: ListSpec<RawItem> = {
  method: 'resources/list',
  field: 'resources',
  noun: 'resource',
  key: (r) => String(r.uri),
  malformed: (r) =>
    !isObject(r)
      ? 'not an object'
      : typeof r.uri !== 'string' || r.uri === ''
        ? 'no uri'
        : typeof r.name !== 'string'
          ? `resource ${JSON.stringify(String(r.uri).slice(0, 100))} has no name`
          : null,
};

/** How `resources/templates/list` is walked: templates are told apart by their URI template. */
export const TEMPLATES_LIST: ListSpec<RawItem> = {
  method: 'resources/templates/list',
  field: 'resourceTemplates',
  noun: 'resource template',
  key: (r) => String(r.uriTemplate),
  malformed: (r) =>
    !isObject(r)
      ? 'not an object'
      : typeof r.uriTemplate !== 'string' || r.uriTemplate === ''
        ? 'no uriTemplate'
        : typeof r.name !== 'string'
          ? 'no name'
          : null,
};

/** What the resource lists need of the core around them. */
export interface ResourceDeps {
  server: ServerLookup;
  trail: AuditTrail;
  seenDir: string | null;
  /** What a read returned, for whoever reads it next (the security review). */
  got?(serverId: string, uri: string, result: ReadResourceResult): void;
}

interface Listed {
  client: Client;
  resources: ResourceView[];
  templates: ResourceTemplateView[];
  /** The server's cache hints (2026-07-28) and when, by them, the list must be asked for again. */
  cache?: { ttlMs: number; cacheScope?: string };
  expiresAt?: number;
  listedAt: number;
  /** What changed against the last listing seen for this server identity (kept across sessions). */
  diff?: ReturnType<typeof diffLists>;
}

/**
 * Each server's resources and resource templates, walked on demand (every page) and kept until the
 * server says its list changed or it reconnects; each listing is diffed against the last one seen
 * for that server identity (kept across sessions) and recorded. Reads are recorded too.
 */
export class ResourceLists {
  private listed = new Map<string, Listed>();
  private walking = new Map<string, { client: Client; done: Promise<Listed> }>();
  private readonly seen: LastSeenStore<RawItem>;

  constructor(private readonly deps: ResourceDeps) {
    this.seen = new LastSeenStore<RawItem>(deps.seenDir, 'resources', RESOURCES_LIST.key);
  }

  /** The resources and templates last listed for a server, without asking it (undefined when never listed). */
  known(serverId: string): Listed | undefined {
    return this.listed.get(serverId);
  }

  /** The server's resources (and templates), walked again when `refresh` or when nothing current is known. */
  list(serverId: string, refresh = false): Promise<Listed> {
    const { entry, client } = connectedServer(this.deps.server, serverId);
    const known = this.listed.get(serverId);
    // A list the server said goes stale (2026-07-28 ttlMs) is walked again once that time has passed.
    const fresh = known?.expiresAt === undefined || Date.now() < known.expiresAt;
    if (known && known.client === client && !refresh && fresh) return Promise.resolve(known);
    // Asked twice at once (the page asks for resources and templates together): one walk answers both.
    const running = this.walking.get(serverId);
    if (running && running.client === client && !refresh) return running.done;
    const done = this.walk(serverId, entry, client).finally(() => {
      if (this.walking.get(serverId)?.done === done) this.walking.delete(serverId);
    });
    this.walking.set(serverId, { client, done });
    return done;
  }

  private async walk(serverId: string, entry: ServerEntry, client: Client): Promise<Listed> {
    const caps = client.getServerCapabilities()?.resources;
    const timeout = entry.settings.callTimeoutMs;
    const walked = caps ? await walkList(client, RESOURCES_LIST, timeout) : { items: [], problems: [] };
    // Templates are optional even for a server with resources: a server without them answers "method not found".
    const templates = caps
      ? await walkList(client, TEMPLATES_LIST, timeout).catch(() => ({ items: [] as RawItem[], problems: [] }))
      : { items: [], problems: [] };
    const before = this.seen.load(entry.identity);
    const fingerprints = walked.items.map((r) => hashJson(r));
    const diff = before ? diffLists(before, walked.items, RESOURCES_LIST.key, { after: fingerprints }) : undefined;
    this.seen.save(entry.identity, walked.items, fingerprints);
    const listed: Listed = {
      client,
      listedAt: Date.now(),
      diff,
      ...(walked.cache && { cache: walked.cache, expiresAt: Date.now() + walked.cache.ttlMs }),
      resources: walked.items.flatMap((r) => view(ResourceView, { ...r, serverId })),
      templates: templates.items.flatMap((t) => view(ResourceTemplateView, { ...t, serverId })),
    };
    this.listed.set(serverId, listed);
    this.deps.trail.record({
      kind: 'resources-listed',
      serverId,
      serverIdentity: entry.identity,
      detail: {
        resources: listed.resources.length,
        templates: listed.templates.length,
        cache: walked.cache,
        problems: [
          ...walked.problems,
          ...templates.problems,
          ...(listed.resources.length < walked.items.length
            ? [`skipped ${walked.items.length - listed.resources.length} resources with fields of the wrong type`]
            : []),
        ].slice(0, 50),
        ...(diff
          ? {
              added: diff.added,
              removed: diff.removed,
              changed: diff.changed.map((c) => ({ uri: c.name, fields: c.fields })),
            }
          : {}),
      },
    });
    return listed;
  }

  /**
   * Reads one resource on behalf of `requestedBy` (it changes nothing by spec, but it reaches the server: recorded).
   */
  async read(serverId: string, uri: string, requestedBy: Requester): Promise<ReadResourceResult> {
    const { entry, client } = connectedServer(this.deps.server, serverId);
    const record = (outcome: string, detail?: unknown) =>
      this.deps.trail.record({
        kind: 'resource-read',
        serverId,
        serverIdentity: entry.identity,
        requestedBy,
        outcome,
        detail: { uri, ...(detail as object) },
      });
    const result = await recordedRequest(
      () =>
        client.request({ method: 'resources/read', params: { uri } }, ReadResourceResult, {
          timeout: entry.settings.callTimeoutMs,
        }),
      record,
      (r) => ({ contents: r.contents.length }),
    );
    this.deps.got?.(serverId, uri, result);
    return result;
  }

  /** What is known of the server's last listing: when, its cache hints, what changed. */
  facts(serverId: string): ListFacts | undefined {
    const l = this.listed.get(serverId);
    return l && listFacts(l.listedAt, l.cache, l.diff);
  }

  /** Forgets what was listed (the server's list changed, or it went away). */
  drop(serverId: string): void {
    this.listed.delete(serverId);
  }
}

/**
 * An item as the console shows it, or nothing when it does not fit (it was reported by the walk or is malformed past
 * it).
 */
function view<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  item: unknown,
): T[] {
  const r = schema.safeParse(item);
  return r.success ? [r.data] : [];
}
