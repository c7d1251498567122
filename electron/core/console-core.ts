import { join } from 'node:path';
import { parseHostConfig } from '../../shared/config.js';
import { ReadResourceResult } from '../../shared/schemas/content.js';
import { Settings } from '../../shared/schemas/audit.js';
import { ServerSettings, type ServerConfig, type ServerView } from '../../shared/schemas/server.js';
import type { CatalogChange } from '../../shared/schemas/tool.js';
import { AuditLog } from './audit-log.js';
import { CallManager } from './calls.js';
import { Catalog } from './catalog.js';
import { CatalogSync } from './catalog-sync.js';
import { ServerConnection } from './connection.js';
import { CoreError } from './errors.js';
import { EventBus } from './event-bus.js';
import { serverIdentity } from './hash.js';
import { IconFetcher } from './icons.js';
import { SchemaValidator } from './schema-validator.js';
import { ServerStore, type ServerEntry } from './server-store.js';

export interface CoreOptions {
  dataDir: string;
  /** Flush each audit entry to disk (fdatasync). On by default. */
  auditFsync?: boolean;
  icons?: IconFetcher;
}

/**
 * The MCP Console core: servers and their connections, the live catalog, approval-gated calls and
 * the audit log. Plain Node; every front end (Electron IPC, browser mode, command line) drives it
 * through the contract's handlers.
 */
export class ConsoleCore {
  readonly bus = new EventBus();
  readonly store: ServerStore;
  readonly catalog: Catalog;
  readonly audit: AuditLog;
  readonly calls: CallManager;
  private readonly validator = new SchemaValidator();
  private connections = new Map<string, ServerConnection>();
  private readonly sync: CatalogSync;

  constructor(readonly opts: CoreOptions) {
    this.store = new ServerStore(opts.dataDir);
    this.catalog = new Catalog(join(opts.dataDir, 'pins'));
    this.audit = new AuditLog(join(opts.dataDir, 'audit.jsonl'), { fsync: opts.auditFsync ?? true });
    this.calls = new CallManager({
      server: (id) => {
        const e = this.store.get(id);
        if (!e) return undefined;
        const c = this.connections.get(id);
        const info = c?.client?.getServerVersion();
        return { identity: serverIdentity(e.config), settings: e.settings, name: info?.title ?? info?.name, client: c?.client };
      },
      catalog: this.catalog,
      audit: this.audit,
      validator: this.validator,
      bus: this.bus,
      approvalTimeoutMs: () => this.store.settings.approvalTimeoutMs,
      maxRetainedResultBytes: () => this.store.settings.maxRetainedResultBytes,
      catalogSettling: (id) => this.sync.settling(id),
    });
    this.sync = new CatalogSync({
      store: this.store, catalog: this.catalog, audit: this.audit, bus: this.bus, icons: opts.icons ?? new IconFetcher(),
      client: (id) => this.connections.get(id)?.client,
      changed: (change) => this.calls.catalogChanged(change),
      announce: (id) => void this.announce(id),
    });
  }

  /** Loads saved servers and settings and opens the audit log. Problems are reported, not thrown. */
  start(): string[] {
    this.store.load();
    this.audit.open();
    const problems = [...this.store.problems];
    if (this.audit.warning) problems.push(this.audit.warning);
    for (const p of this.store.problems) this.audit.append({ kind: 'config', reason: p });
    return problems;
  }

  /** Adds the servers of a host config file for this run only (not saved). */
  loadConfig(text: string): string[] {
    const configs = parseHostConfig(text);
    for (const [id, config] of Object.entries(configs)) {
      const prev = this.store.get(id);
      this.store.put({ id, config, settings: prev?.settings ?? ServerSettings.parse({}), saved: false });
    }
    return Object.keys(configs);
  }

  /** Disconnects every server and closes the audit log. */
  async close(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.disconnect(false)));
    this.catalog.flushPins();
    this.audit.close();
  }

  listServers(): ServerView[] {
    return this.store.list().map((e) => this.view(e.id));
  }

  view(id: string): ServerView {
    const e = this.must(id);
    const c = this.connections.get(id);
    const st = c?.state ?? { status: 'disconnected' as const };
    const client = st.status === 'connected' ? c?.client : undefined;
    return {
      id, config: e.config, settings: e.settings, saved: e.saved, identity: serverIdentity(e.config),
      status: st.status, transport: st.transport, error: st.error ?? this.sync.listError(id),
      exitCode: st.exit?.code, signal: st.exit?.signal,
      lastStderr: st.status === 'error' ? c?.stderr.last(20) : undefined,
      serverInfo: client?.getServerVersion() as Record<string, unknown> | undefined,
      protocolVersion: st.protocolVersion,
      capabilities: client?.getServerCapabilities() as Record<string, unknown> | undefined,
      instructions: client?.getInstructions(),
      toolCount: this.catalog.tools(id).length,
      connectedAt: st.connectedAt,
    };
  }

  addServer(id: string, config: ServerConfig, settings: Partial<ServerSettings> = {}, saved = true): ServerView {
    if (this.store.get(id)) throw new CoreError('exists', `a server named ${JSON.stringify(id)} already exists`);
    this.store.put({ id, config, settings: ServerSettings.parse(settings), saved });
    this.audit.append({ kind: 'config', serverId: id, serverIdentity: serverIdentity(config), reason: 'server added' });
    return this.announce(id);
  }

  /** Changes a server. A new identity (command, args, env, cwd, URL, header names) drops its session grants and reconnects it. */
  async updateServer(id: string, config?: ServerConfig, settings?: Partial<ServerSettings>): Promise<ServerView> {
    const e = this.must(id);
    const next: ServerEntry = { ...e, config: config ?? e.config, settings: ServerSettings.parse({ ...e.settings, ...settings }) };
    const identityChanged = serverIdentity(next.config) !== serverIdentity(e.config);
    this.store.put(next);
    this.audit.append({ kind: 'config', serverId: id, serverIdentity: serverIdentity(next.config), reason: identityChanged ? 'server identity changed' : 'server settings changed', detail: { settings: next.settings } });
    if (identityChanged) {
      this.calls.gate.dropGrants(id);
      const wasLive = this.connections.get(id)?.state.status === 'connected';
      await this.disconnect(id);
      if (wasLive) return this.connect(id);
    } else if (next.settings.trusted !== e.settings.trusted) {
      this.catalog.retrust(id, next.settings.trusted);
      this.sync.publish({ serverId: id, at: new Date().toISOString(), reason: 'refresh', added: [], removed: [], changed: [] });
    }
    return this.announce(id);
  }

  async removeServer(id: string): Promise<void> {
    this.must(id);
    await this.disconnect(id);
    this.connections.delete(id);
    this.calls.gate.dropGrants(id);
    this.store.remove(id);
    this.audit.append({ kind: 'config', serverId: id, reason: 'server removed' });
    this.bus.emit('server.removed', { serverId: id });
  }

  /** Imports a pasted host config into the saved servers; same ids are replaced. */
  async importServers(json: string): Promise<{ added: string[]; replaced: string[] }> {
    const configs = parseHostConfig(json);
    const added: string[] = [];
    const replaced: string[] = [];
    for (const [id, config] of Object.entries(configs)) {
      if (this.store.get(id)) {
        replaced.push(id);
        await this.updateServer(id, config);
        this.store.put({ ...this.must(id), saved: true });
      } else {
        added.push(id);
        this.addServer(id, config);
      }
    }
    return { added, replaced };
  }

  /** Connects (or reconnects) a server and lists its tools. A failure is reported in the returned view. */
  async connect(id: string): Promise<ServerView> {
    const e = this.must(id);
    const conn = this.conn(id);
    const identity = serverIdentity(e.config);
    this.sync.clearError(id);
    try {
      await conn.connect(e.config, e.settings, this.store.settings.maxMessageBytes);
    } catch (err) {
      this.catalog.drop(id);
      this.audit.append({ kind: 'connect-failed', serverId: id, serverIdentity: identity, reason: (err as Error).message, detail: { exit: conn.state.exit, lastStderr: conn.stderr.last(20) } });
      return this.view(id);
    }
    const v = this.view(id);
    this.audit.append({ kind: 'connect', serverId: id, serverIdentity: identity, detail: { transport: v.transport, protocolVersion: v.protocolVersion, serverInfo: v.serverInfo } });
    await this.refreshCatalog(id, 'reconnect');
    return this.announce(id);
  }

  async disconnect(id: string): Promise<ServerView> {
    const c = this.connections.get(id);
    if (c && c.state.status !== 'disconnected') {
      await c.disconnect();
      this.audit.append({ kind: 'disconnect', serverId: id, serverIdentity: serverIdentity(this.must(id).config) });
      this.sync.drop(id);
    }
    return this.view(id);
  }

  stderr(id: string): { lines: string[]; dropped: number } {
    this.must(id);
    const c = this.connections.get(id);
    return { lines: c?.stderr.toArray() ?? [], dropped: c?.stderr.dropped ?? 0 };
  }

  /** Lists a server's tools again (serialised: a change during a walk triggers one more walk). */
  refreshCatalog(id: string, reason: CatalogChange['reason']): Promise<void> {
    return this.sync.refresh(id, reason);
  }

  /** Checks arguments against a tool's inputSchema here in the core, where server schemas are compiled under limits. */
  validateArgs(serverId: string, name: string, args: unknown): { status: 'valid' | 'invalid' | 'unchecked'; errors: { path: string; message: string }[] } {
    const tool = this.catalog.get(serverId, name);
    if (!tool) throw new CoreError('unknown-tool', `server ${JSON.stringify(serverId)} offers no tool ${JSON.stringify(name)}`);
    const c = this.validator.check(tool.inputSchema, args);
    if (c.ok === true) return { status: 'valid', errors: [] };
    if (c.ok === 'unchecked') return { status: 'unchecked', errors: [{ path: '/', message: c.reason }] };
    return { status: 'invalid', errors: c.errors };
  }

  async readResource(serverId: string, uri: string): Promise<ReadResourceResult> {
    const e = this.must(serverId);
    const client = this.connections.get(serverId)?.client;
    if (!client) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
    return client.request({ method: 'resources/read', params: { uri } }, ReadResourceResult, { timeout: e.settings.callTimeoutMs });
  }

  updateSettings(patch: Partial<Settings>): Settings {
    const next = Settings.parse({ ...this.store.settings, ...patch });
    this.store.saveSettings(next);
    return next;
  }

  private conn(id: string): ServerConnection {
    let c = this.connections.get(id);
    if (!c) {
      c = new ServerConnection(id, {
        statusChanged: () => this.announce(id),
        stderr: (lines) => this.bus.emit('server.stderr', { serverId: id, lines }),
        toolsListChanged: () => void this.refreshCatalog(id, 'list_changed'),
        lost: (reason) => {
          const e = this.store.get(id);
          this.audit.append({ kind: 'server-error', serverId: id, serverIdentity: e && serverIdentity(e.config), reason, detail: { exit: c!.state.exit, lastStderr: c!.stderr.last(20) } });
          this.sync.drop(id);
        },
      });
      this.connections.set(id, c);
    }
    return c;
  }

  private announce(id: string): ServerView {
    const v = this.view(id);
    this.bus.emit('server.status', v);
    return v;
  }

  private must(id: string): ServerEntry {
    const e = this.store.get(id);
    if (!e) throw new CoreError('unknown-server', `no server ${JSON.stringify(id)}`);
    return e;
  }
}
