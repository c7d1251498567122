import type { Client, CreateMessageRequest, ElicitRequest } from '@modelcontextprotocol/client';
import { InFlight } from './in-flight.js';
import type { DoctorReport, ServerSettings, ServerView } from '../../../shared/schemas/server.js';
import { launchLine, type ServerEntry } from '../config/index.js';
import { CoreError, sdk } from '../support/index.js';
import type { LogLevel } from '../../../shared/schemas/log.js';
import { ServerConnection } from './connection.js';
import { doctorOf } from './doctor.js';
import { maskCredentials } from '../../../shared/config.js';
import type { ConnectionsDeps } from './connections-deps.js';

/**
 * Each server's live connection: launching it only once a person confirmed its command line,
 * connecting, listing its tools, noticing it die, and the view every front end shows of it.
 */
export class Connections {
  /** Each server's connection attempt under way, until it ends (its tools listed, or failed). */
  private readonly attempts = new InFlight<ServerView>();
  private live = new Map<string, ServerConnection>();

  constructor(private readonly deps: ConnectionsDeps) {}

  /** The SDK client of a connected server, if it is. */
  client(id: string): Client | undefined {
    return this.live.get(id)?.client;
  }

  /**
   * Answers one request a server made inside a task (tasks extension `inputRequests`) as the same
   * request made on its own is answered: a question or a sampling request goes to a person, roots
   * come from the server's settings. The request is checked against the spec's schema first.
   */
  async answerInput(id: string, method: string, params: unknown, signal: AbortSignal): Promise<unknown> {
    if (method === 'elicitation/create' && this.deps.elicit) {
      const p = sdk().ElicitRequestParamsSchema.safeParse(params ?? {});
      if (!p.success) throw new Error(`the server's question is not a valid elicitation/create: ${p.error.message}`);
      return this.deps.elicit(id, p.data as ElicitRequest['params'], signal);
    }
    if (method === 'sampling/createMessage' && this.deps.sample) {
      const p = sdk().CreateMessageRequestParamsSchema.safeParse(params ?? {});
      if (!p.success) throw new Error(`the server's sampling request is not valid: ${p.error.message}`);
      return this.deps.sample(id, p.data as CreateMessageRequest['params'], signal);
    }
    if (method === 'roots/list') return { roots: this.rootsFor(id) };
    throw new Error(`the server asks for ${JSON.stringify(method)}, which the console cannot answer`);
  }

  /** The roots a server is given (its settings), each time recorded. */
  private rootsFor(id: string): Array<{ uri: string; name?: string }> {
    const e = this.deps.store.get(id);
    const roots = e?.settings.roots ?? [];
    this.deps.trail.record({ kind: 'roots-listed', serverId: id, serverIdentity: e?.identity, detail: { roots } });
    return roots;
  }

  /** The server speaks the 2026-07-28 era over Streamable HTTP (where x-mcp-header and its headers apply). */
  modernHttp(id: string): boolean {
    const st = this.live.get(id)?.state;
    return st?.status === 'connected' && st.transport === 'http' && st.era === 'modern';
  }

  /** What the call gate and the question dialogs say of a server: identity, settings, name, client, era. */
  facts(id: string) {
    const e = this.deps.store.get(id);
    if (!e) return undefined;
    const client = this.client(id);
    const info = client?.getServerVersion();
    return {
      identity: e.identity,
      settings: e.settings,
      name: info?.title ?? info?.name,
      client,
      era: this.live.get(id)?.state.era,
    };
  }

  /** True while the server is connected. */
  connected(id: string): boolean {
    return this.live.get(id)?.state.status === 'connected';
  }

  /**
   * What every front end shows of a server: its config, state, what it said about itself, its catalog's size and
   * health.
   */
  view(id: string): ServerView {
    const { consents, consent, sync, catalog } = this.deps;
    const e = this.must(id);
    const c = this.live.get(id);
    const st = c?.state ?? { status: 'disconnected' as const };
    const client = st.status === 'connected' ? c?.client : undefined;
    const pending = consents.pending(id);
    return {
      id,
      config: maskCredentials(e.config),
      settings: e.settings,
      saved: e.saved,
      identity: e.identity,
      status: pending?.kind === 'launch' && st.status !== 'connected' ? 'awaiting-consent' : st.status,
      consent: pending,
      launchConsented: e.config.type !== 'stdio' || consents.find('launch', id, e.identity) !== undefined,
      transport: st.transport,
      error: st.error ?? consent.error(id) ?? sync.listError(id),
      // How the server's process ended, when it ended by itself (an end the console caused says nothing of the server).
      exitCode: st.exit?.byConsole ? undefined : st.exit?.code,
      signal: st.exit?.byConsole ? undefined : st.exit?.signal,
      lastStderr: st.status === 'error' ? c?.stderr.last(20) : undefined,
      serverInfo: client?.getServerVersion() as Record<string, unknown> | undefined,
      protocolVersion: st.protocolVersion,
      era: st.era,
      capabilities: client?.getServerCapabilities() as Record<string, unknown> | undefined,
      instructions: client?.getInstructions(),
      toolCount: catalog.tools(id).length,
      catalogStale: catalog.stale(id),
      connectedAt: st.connectedAt,
    };
  }

  /** Tells every front end how a server stands now; returns the view. */
  announce(id: string): ServerView {
    const v = this.view(id);
    this.deps.bus.emit('server.status', v);
    return v;
  }

  /**
   * Connects (or reconnects) a server and lists its tools. A failure is reported in the returned
   * view. `era` overrides the server's setting for this connection only (the CLI's --era).
   */
  connect(id: string, era?: ServerSettings['era']): Promise<ServerView> {
    return this.attempts.track(id, this.connectOnce(id, era));
  }

  /** The connection attempt under way for a server (its tools listed when it resolves), if there is one. */
  attempt(id: string): Promise<ServerView> | undefined {
    return this.attempts.get(id);
  }

  private async connectOnce(id: string, era?: ServerSettings['era']): Promise<ServerView> {
    const { store, consents, consent, catalog, sync, trail } = this.deps;
    const e = this.must(id);
    const identity = e.identity;
    sync.clearError(id);
    if (this.live.get(id)?.state.status === 'connected') this.deps.ended?.(id, 'the server is being reconnected');
    // SECURITY: nothing the page added is spawned until a person confirmed this exact command line.
    if (e.config.type === 'stdio' && !consents.find('launch', id, identity)) {
      const ok = await consent.obtain({ kind: 'launch', serverId: id, identity, launch: launchLine(e.config) });
      const now = store.get(id);
      if (!ok || !now || now.identity !== identity) return this.announce(id);
    }
    consent.clearError(id);
    const conn = this.conn(id);
    try {
      await conn.connect(e.config, era ? { ...e.settings, era } : e.settings, store.settings.maxMessageBytes);
    } catch (err) {
      catalog.drop(id);
      trail.record({
        kind: 'connect-failed',
        serverId: id,
        serverIdentity: identity,
        reason: (err as Error).message,
        detail: { exit: conn.state.exit, lastStderr: conn.stderr.last(20) },
      });
      return this.view(id);
    }
    const v = this.view(id);
    trail.record({
      kind: 'connect',
      serverId: id,
      serverIdentity: identity,
      detail: { transport: v.transport, era: v.era, protocolVersion: v.protocolVersion, serverInfo: v.serverInfo },
    });
    await sync.refresh(id, 'reconnect');
    // A level chosen earlier holds across reconnections (2026-07-28 sends it on each request by itself).
    const level = this.deps.logs?.level(id);
    const client = this.live.get(id)?.client;
    if (level && client && v.era !== 'modern' && client.getServerCapabilities()?.logging)
      await client
        .setLoggingLevel(level)
        .catch((e: Error) => this.live.get(id)?.stderr.push(`[console] logging/setLevel failed: ${e.message}`));
    return this.announce(id);
  }

  async disconnect(id: string): Promise<ServerView> {
    const c = this.live.get(id);
    if (c && c.state.status !== 'disconnected') {
      this.deps.ended?.(id, 'the server was disconnected');
      const exit = await c.disconnect();
      // How the process ended: by itself once its input closed, or signalled after the grace (the spec's order).
      this.deps.trail.record({
        kind: 'disconnect',
        serverId: id,
        serverIdentity: this.must(id).identity,
        ...(exit && { detail: { exit } }),
      });
      this.deps.sync.drop(id);
    }
    return this.view(id);
  }

  /**
   * One round trip to a connected server: `ping` in the 2025 era, `server/discover` in 2026-07-28
   * (which removed ping). Resolves with the method and milliseconds; rejects with the reason.
   */
  async ping(id: string): Promise<{ method: string; ms: number }> {
    const c = this.live.get(id);
    const client = c?.client;
    if (!client) throw new CoreError('not-connected', `server ${JSON.stringify(id)} is not connected`);
    const modern = c.state.era === 'modern';
    const t0 = performance.now();
    const timeout = Math.min(this.must(id).settings.callTimeoutMs, 10_000);
    if (modern) await client.discover({ timeout });
    else await client.ping({ timeout });
    return { method: modern ? 'server/discover' : 'ping', ms: Math.round((performance.now() - t0) * 10) / 10 };
  }

  /** What is watched on a 2026-07-28 server changed: its change stream is opened again with it. */
  async relisten(id: string): Promise<void> {
    await this.live.get(id)?.relisten();
  }

  /**
   * A server's roots changed: a connected 2025-era server is told (2026-07-28 removed the notification; it asks again).
   */
  async rootsChanged(id: string): Promise<void> {
    const c = this.live.get(id);
    if (c?.client && c.state.status === 'connected' && c.state.era !== 'modern')
      await c.client.sendRootsListChanged().catch(() => undefined);
  }

  /**
   * Chooses the log level for a server: the 2025 era asks it with logging/setLevel now (when it
   * offers logging); 2026-07-28 sends the level on each request from now on.
   */
  async setLogLevel(id: string, level: LogLevel): Promise<{ level: LogLevel; how: string }> {
    this.must(id);
    this.deps.logs?.setLevel(id, level);
    const c = this.live.get(id);
    if (!c?.client || c.state.status !== 'connected') return { level, how: 'kept for when the server connects' };
    if (c.state.era === 'modern')
      return { level, how: 'sent on each request (_meta io.modelcontextprotocol/logLevel)' };
    if (!c.client.getServerCapabilities()?.logging)
      throw new CoreError('no-logging', `server ${JSON.stringify(id)} does not offer logging`);
    await c.client.setLoggingLevel(level);
    return { level, how: 'logging/setLevel' };
  }

  /**
   * The connection doctor: transport, era, version, a measured round trip, credentials, recent errors and what to try.
   */
  doctor(id: string): Promise<DoctorReport> {
    const lines = this.live.get(id)?.stderr.last(200) ?? [];
    return doctorOf(
      () => this.view(id),
      () => this.ping(id),
      lines,
      this.deps.auth?.(id)?.facts(),
    );
  }

  /** Disconnects a server and forgets its connection (it was removed). */
  async forget(id: string): Promise<void> {
    await this.disconnect(id);
    this.live.delete(id);
  }

  /** Disconnects every server (on close), without announcing each. */
  async closeAll(): Promise<void> {
    for (const id of this.live.keys()) this.deps.ended?.(id, 'the console is closing');
    await Promise.all([...this.live.values()].map((c) => c.disconnect(false)));
  }

  /** The server's stderr kept so far (a bounded ring) and how many lines fell off it. */
  stderr(id: string): { lines: string[]; dropped: number } {
    this.must(id);
    const c = this.live.get(id);
    return { lines: c?.stderr.toArray() ?? [], dropped: c?.stderr.dropped ?? 0 };
  }

  private conn(id: string): ServerConnection {
    let c = this.live.get(id);
    if (!c) {
      const conn: ServerConnection = new ServerConnection(id, {
        statusChanged: () => this.announce(id),
        stderr: (lines) => {
          this.deps.bus.emit('server.stderr', { serverId: id, lines });
          this.deps.logs?.lines(id, lines);
        },
        log: (level, logger, data) => this.deps.logs?.message(id, level, logger, data),
        logLevel: () => this.deps.logs?.level(id),
        toolsListChanged: () => void this.deps.sync.refresh(id, 'list_changed'),
        listChanged: (kind) => this.deps.listChanged?.(id, kind),
        resourceUpdated: (uri) => this.deps.resourceUpdated?.(id, uri),
        watchedResources: () => this.deps.watched?.(id) ?? [],
        elicit: this.deps.elicit && ((params, signal) => this.deps.elicit!(id, params, signal)),
        sample: this.deps.sample && ((params, signal) => this.deps.sample!(id, params, signal)),
        // Believed whether or not the server is trusted: sending the same approved bytes again to the same server is
        // only as harmful as the server's own claim makes it (it could run a call twice by itself).
        idempotentTool: (name) => {
          const a = this.deps.catalog.get(id, name)?.declaredAnnotations;
          return a?.readOnlyHint === true || a?.idempotentHint === true;
        },
        elicitationComplete: (elicitationId) => {
          // The spec has clients ignore an unknown or already completed id; the server's log says so.
          if (!this.deps.elicitationComplete?.(id, elicitationId))
            conn.note(
              `ignored notifications/elicitation/complete for ${JSON.stringify(elicitationId.slice(0, 100))}: no URL question of this server has that id, or it was completed already`,
            );
        },
        roots:
          this.deps.fixedRoots && !this.deps.store.get(id)?.settings.roots?.length
            ? undefined
            : () => this.rootsFor(id),
        showsViews: this.deps.showsViews,
        auth: () => this.deps.auth?.(id),
        trace: this.deps.trace && ((r) => this.deps.trace!(id, r)),
        lost: (reason) => {
          const e = this.deps.store.get(id);
          this.deps.trail.record({
            kind: 'server-error',
            serverId: id,
            serverIdentity: e?.identity,
            reason,
            detail: { exit: conn.state.exit, lastStderr: conn.stderr.last(20) },
          });
          this.deps.sync.drop(id);
          this.deps.ended?.(id, `the connection was lost: ${reason}`);
        },
      });
      c = conn;
      this.live.set(id, c);
    }
    return c;
  }

  private must(id: string): ServerEntry {
    const e = this.deps.store.get(id);
    if (!e) throw new CoreError('unknown-server', `no server ${JSON.stringify(id)}`);
    return e;
  }
}
