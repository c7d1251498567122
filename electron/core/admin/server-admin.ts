import type { ConsentKind } from '../../../shared/schemas/consent.js';
import { unmaskCredentials } from '../../../shared/config.js';
import { ServerSettings, type ServerConfig, type ServerView } from '../../../shared/schemas/server.js';
import type { AuditTrail } from '../audit/index.js';
import type { CallManager } from '../calls/index.js';
import type { Catalog, CatalogSync } from '../catalog/index.js';
import {
  importHostConfig,
  type ConsentFlow,
  type ConsentStore,
  type ServerEntry,
  type ServerStore,
} from '../config/index.js';
import type { Connections } from '../servers/index.js';
import { CoreError, type EventBus } from '../support/index.js';

export interface ServerAdminDeps {
  store: ServerStore;
  consent: ConsentFlow;
  consents: ConsentStore;
  trail: AuditTrail;
  bus: EventBus;
  connections: Connections;
  calls: Pick<CallManager, 'dropGrants'>;
  catalog: Pick<Catalog, 'retrust'>;
  sync: Pick<CatalogSync, 'publish'>;
  internalError(what: string, e: unknown): void;
  /**
   * A removed server's sign-in session ends (its sealed credentials stay until signed out: added again, it is still
   * signed in).
   */
  forgetSession(id: string): void;
}

/**
 * Adding, changing, importing and removing servers, and revoking consents: each recorded, and a
 * change of what a server runs (its identity) drops its session grants and reconnects it.
 */
export class ServerAdmin {
  constructor(private readonly d: ServerAdminDeps) {}

  add(id: string, config: ServerConfig, settings: Partial<ServerSettings> = {}, saved = true): ServerView {
    const { store, consent, trail, connections } = this.d;
    if (store.get(id)) throw new CoreError('exists', `a server named ${JSON.stringify(id)} already exists`);
    config = unmaskCredentials(config, undefined);
    const want = ServerSettings.parse(settings);
    const entry = store.put({ id, config, settings: consent.allowed(id, config, want), saved });
    trail.record({ kind: 'config', serverId: id, serverIdentity: entry.identity, reason: 'server added' });
    consent.askTrustIfRaised(id, want).catch((e: Error) => this.d.internalError('asking to trust a new server', e));
    return connections.announce(id);
  }

  /**
   * Changes a server. A new identity (command, args, env, cwd, URL, header names) drops its session grants and
   * reconnects it.
   */
  async update(id: string, config?: ServerConfig, settings?: Partial<ServerSettings>): Promise<ServerView> {
    const { store, consent, trail, connections } = this.d;
    const e = this.must(id);
    // A credential header the page saw masked keeps its value.
    const nextConfig = config ? unmaskCredentials(config, e.config) : e.config;
    const want = ServerSettings.parse({ ...e.settings, ...settings });
    const next = store.put({ ...e, config: nextConfig, settings: consent.allowed(id, nextConfig, want) });
    const identityChanged = next.identity !== e.identity;
    if (JSON.stringify(next.settings.roots) !== JSON.stringify(e.settings.roots)) await connections.rootsChanged(id);
    consent.lowered(id, next);
    trail.record({
      kind: 'config',
      serverId: id,
      serverIdentity: next.identity,
      reason: identityChanged ? 'server identity changed' : 'server settings changed',
      detail: { settings: next.settings },
    });
    if (identityChanged) {
      this.d.calls.dropGrants(id);
      const wasLive = connections.connected(id);
      await connections.disconnect(id);
      if (wasLive) return connections.connect(id);
    } else if (next.settings.trusted !== e.settings.trusted) {
      this.retrust(id);
    }
    await consent.askTrustIfRaised(id, want);
    return connections.announce(id);
  }

  async remove(id: string): Promise<void> {
    this.must(id);
    await this.d.connections.forget(id);
    this.d.calls.dropGrants(id, 'all');
    this.d.consents.revoke(id);
    this.d.store.remove(id);
    this.d.trail.record({ kind: 'config', serverId: id, reason: 'server removed' });
    this.d.bus.emit('server.removed', { serverId: id });
    this.d.forgetSession(id);
  }

  /** Imports a pasted host config into the saved servers; same ids are replaced. */
  async import(json: string): Promise<{ added: string[]; replaced: string[]; warnings: string[] }> {
    return importHostConfig(json, {
      has: (id) => this.d.store.get(id) !== undefined,
      replace: async (id, config) => {
        await this.update(id, config);
        this.d.store.put({ ...this.must(id), saved: true });
      },
      add: (id, config) => void this.add(id, config),
    });
  }

  /** Forgets a server's consents: a revoked launch disconnects it, a revoked trust drops trust and auto-approval. */
  async revokeConsent(serverId: string, kind?: ConsentKind): Promise<{ revoked: number }> {
    return { revoked: (await this.d.consent.revoke(serverId, kind)).length };
  }

  /** The server's trust changed: its tools' risk is computed again and front ends told. */
  retrust(id: string): void {
    const trusted = this.must(id).settings.trusted;
    // A grant over the tools that say they are read-only rested on trust: it ends with it.
    if (!trusted) this.d.calls.dropGrants(id, 'read-only');
    this.d.catalog.retrust(id, trusted);
    this.d.sync.publish({
      serverId: id,
      at: new Date().toISOString(),
      reason: 'refresh',
      added: [],
      removed: [],
      changed: [],
    });
  }

  private must(id: string): ServerEntry {
    const e = this.d.store.get(id);
    if (!e) throw new CoreError('unknown-server', `no server ${JSON.stringify(id)}`);
    return e;
  }
}
