import type { UriTemplate } from '@modelcontextprotocol/client';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { AuditTrail } from '../audit/index.js';
import { CoreError, sdk, type EventBus } from '../support/index.js';
import { connectedServer, type ServerLookup } from './server-request.js';

/** At most this many resources watched per server. */
export const MAX_SUBSCRIPTIONS = 100;

/** A URI template's variables, and the URI the given values make (RFC 6570, as the SDK implements it). */
export function expandTemplate(
  uriTemplate: string,
  values: Record<string, string>,
): { variables: string[]; uri: string } {
  let t: UriTemplate;
  try {
    t = new (sdk().UriTemplate)(uriTemplate);
  } catch (e) {
    throw new CoreError('bad-template', `not a URI template: ${(e as Error).message}`);
  }
  return { variables: t.variableNames, uri: t.expand(values) };
}

/**
 * The resources a person asked to watch, and the `updated` events the servers send for them: with
 * `resources/subscribe` in the 2025 era, on the `subscriptions/listen` stream in 2026-07-28.
 */
export class ResourceSubscriptions {
  private watched = new Map<string, Set<string>>();

  constructor(
    private readonly deps: {
      server: ServerLookup;
      trail: AuditTrail;
      bus: EventBus;
      era(id: string): string | undefined;
      /** 2026-07-28: the server's subscriptions/listen stream is opened again with the watched set. */
      relisten(id: string): Promise<void>;
    },
  ) {}

  list(serverId: string): string[] {
    return [...(this.watched.get(serverId) ?? [])];
  }

  async subscribe(serverId: string, uri: string, requestedBy: Requester): Promise<string[]> {
    const { entry, client } = connectedServer(this.deps.server, serverId);
    if (!client.getServerCapabilities()?.resources?.subscribe)
      throw new CoreError('no-subscribe', `server ${JSON.stringify(serverId)} does not offer resource subscriptions`);
    const set = this.watched.get(serverId) ?? new Set<string>();
    if (!set.has(uri) && set.size >= MAX_SUBSCRIPTIONS)
      throw new CoreError('too-many', `already watching ${MAX_SUBSCRIPTIONS} resources of this server`);
    const modern = this.deps.era(serverId) === 'modern';
    if (!modern) await client.subscribeResource({ uri }, { timeout: entry.settings.callTimeoutMs });
    set.add(uri);
    this.watched.set(serverId, set);
    // 2026-07-28 has no resources/subscribe: the watched URIs ride on the subscriptions/listen stream.
    if (modern) await this.deps.relisten(serverId);
    this.deps.trail.record({
      kind: 'resource-subscription',
      serverId,
      serverIdentity: entry.identity,
      requestedBy,
      decision: 'subscribe',
      detail: { uri },
    });
    return this.list(serverId);
  }

  async unsubscribe(serverId: string, uri: string, requestedBy: Requester): Promise<string[]> {
    const { entry, client } = connectedServer(this.deps.server, serverId);
    const set = this.watched.get(serverId);
    if (!set?.has(uri)) return this.list(serverId);
    const modern = this.deps.era(serverId) === 'modern';
    if (!modern) await client.unsubscribeResource({ uri }, { timeout: entry.settings.callTimeoutMs });
    set.delete(uri);
    if (modern) await this.deps.relisten(serverId);
    this.deps.trail.record({
      kind: 'resource-subscription',
      serverId,
      serverIdentity: entry.identity,
      requestedBy,
      decision: 'unsubscribe',
      detail: { uri },
    });
    return this.list(serverId);
  }

  /** The server says a resource changed: announced when someone watches it (others are ignored). */
  updated(serverId: string, uri: string): void {
    if (this.watched.get(serverId)?.has(uri))
      this.deps.bus.emit('resource.updated', { serverId, uri, at: new Date().toISOString() });
  }

  /** The connection ended: its subscriptions ended with it. */
  drop(serverId: string): void {
    this.watched.delete(serverId);
  }
}
