import type { Client, Transport } from '@modelcontextprotocol/client';
import type { ProtocolEra, ServerConfig, ServerSettings, ServerStatus } from '../../../shared/schemas/server.js';
import { FetchGate, loadSdk, RingBuffer, sdk, ticketedWire, VERSION } from '../support/index.js';
import { orderDelivery } from './ordered-delivery.js';
import { completeByDefault } from './result-type.js';
import { reissueBrokenStreams } from './stream-reissue.js';
import { tapTransport, WireTap } from '../trace/index.js';
import { withLogLevel } from '../logs/index.js';
import { StdioTransport, type ExitInfo } from './stdio-transport.js';
import { boundTransport } from './boundary-transport.js';
import { ChangeStream, changeFilter } from './change-stream.js';
import { ConnectTimeout, describeError, exitText, httpError, observingFetch } from './connection-errors.js';
import {
  answerFor,
  CHECKED_BY_THE_CONSOLE,
  clientCapabilities,
  type ConnectionAuth,
  type ConnectionListener,
} from './connection-listener.js';

export const CLIENT_INFO = { name: 'mcp-console', version: VERSION };
/** The modern revision `era: modern` insists on. */
export const MODERN_VERSION = '2026-07-28';
/** How long `auto` waits for a stdio server to answer server/discover before speaking the 2025 era. */
const STDIO_PROBE_MS = 5000;
const STDERR_LINES = 1000;
/** The live state of one server connection. */
export interface ConnectionState {
  status: ServerStatus;
  transport?: 'stdio' | 'http' | 'sse';
  error?: string;
  exit?: ExitInfo;
  protocolVersion?: string;
  era?: ProtocolEra;
  connectedAt?: string;
}

/**
 * One MCP server: opens the transport the config names (Streamable HTTP falling back to SSE
 * where allowed), keeps its stderr, and notices when it dies. Knows nothing of catalogs or calls.
 */
export class ServerConnection {
  state: ConnectionState = { status: 'disconnected' };
  client?: Client;
  readonly stderr = new RingBuffer<string>(STDERR_LINES);
  private partial = '';
  private generation = 0;
  private currentTransport?: Transport;
  private changes?: ChangeStream;
  private auth?: ConnectionAuth;

  constructor(
    readonly id: string,
    private readonly listener: ConnectionListener,
  ) {}

  /** Connects (closing any earlier connection first). Resolves when initialized; rejects with a clear reason. */
  async connect(config: ServerConfig, settings: ServerSettings, maxMessageBytes: number): Promise<void> {
    await this.disconnect(false);
    const gen = ++this.generation;
    this.state = { status: 'connecting' };
    this.listener.statusChanged();
    try {
      await loadSdk();
      const opened = await this.open(config, settings, maxMessageBytes, gen);
      if (gen !== this.generation) {
        await opened.client.close().catch(() => {});
        return;
      }
      this.client = opened.client;
      this.state = {
        status: 'connected',
        transport: opened.kind,
        protocolVersion: opened.protocolVersion,
        era: opened.era,
        connectedAt: new Date().toISOString(),
      };
      this.listener.statusChanged();
      if (opened.era === 'modern') {
        const client = opened.client;
        this.changes = new ChangeStream(
          client,
          () => changeFilter(client, this.listener.watchedResources?.() ?? []),
          (l) => this.note(l),
        );
        void this.changes.start();
      }
    } catch (e) {
      if (gen !== this.generation) return;
      const exit = this.exitOf();
      this.state = { status: 'error', error: describeError(e, exit), exit };
      this.listener.statusChanged();
      throw new Error(this.state.error, { cause: e });
    }
  }

  /**
   * Closes the connection on purpose (ending a Streamable HTTP session with DELETE). With `announce`,
   * reports the disconnected status. A stdio server's process has ended when this returns: how it
   * ended (by itself, or signalled) is returned.
   */
  async disconnect(announce = true): Promise<ExitInfo | undefined> {
    this.generation++;
    this.changes?.stop();
    this.changes = undefined;
    const client = this.client;
    const transport = this.currentTransport;
    this.client = undefined;
    this.currentTransport = undefined;
    // A transport exists only once a connect has loaded the SDK.
    if (transport && transport instanceof sdk().StreamableHTTPClientTransport && transport.sessionId) {
      // The spec asks clients to end the session they no longer need; a server may answer 405.
      await Promise.race([
        transport.terminateSession().catch(() => {}),
        new Promise((r) => setTimeout(r, 2000).unref()),
      ]);
    }
    if (client) await client.close().catch(() => {});
    if (announce && this.state.status !== 'disconnected') {
      this.state = { status: 'disconnected' };
      this.listener.statusChanged();
    }
    return transport instanceof StdioTransport ? (transport.exit ?? undefined) : undefined;
  }

  private exitOf(): ExitInfo | undefined {
    const t = this.currentTransport;
    return t instanceof StdioTransport && t.exit ? t.exit : undefined;
  }

  private async open(config: ServerConfig, settings: ServerSettings, maxMessageBytes: number, gen: number) {
    const { connectTimeoutMs: timeoutMs, era } = settings;
    const { SdkHttpError, SSEClientTransport, StreamableHTTPClientTransport } = sdk();
    if (config.type === 'stdio') {
      const spawnIt = () =>
        new StdioTransport({
          command: config.command,
          args: config.args,
          env: config.env,
          cwd: config.cwd,
          maxMessageBytes,
          onStderr: (text) => this.addStderr(text),
          onNoise: (what) => this.note(what),
        });
      const t = spawnIt();
      try {
        return await this.attempt(t, 'stdio', timeoutMs, era, gen);
      } catch (e) {
        // Our transport probes in place (the SDK uses a sibling process only for its own stdio
        // transport): a 2025 server that exits on the unknown server/discover gets one more
        // process, spoken to in the 2025 era.
        if (era !== 'auto' || !t.exit || gen !== this.generation) throw e;
        this.note(
          t.exit.byConsole
            ? `the server did not answer server/discover within ${Math.min(STDIO_PROBE_MS, timeoutMs) / 1000} s, so the console stopped it; starting it again and speaking the 2025 era`
            : `the server exited on server/discover (${exitText(t.exit)}); starting it again and speaking the 2025 era`,
        );
        return this.attempt(spawnIt(), 'stdio', timeoutMs, 'legacy', gen);
      }
    }
    const url = new URL(config.url);
    const requestInit: RequestInit = { headers: config.headers };
    const seen = observingFetch(
      this.listener.trace &&
        ((h) =>
          this.listener.trace?.({
            dir: 'out',
            kind: 'http',
            bytes: 0,
            method: h.headers['mcp-method'],
            name: h.headers['mcp-name'],
            http: h,
          })),
      { maxBytes: maxMessageBytes, note: (line) => this.note(line) },
    );
    // OAuth sits above the trace: the trace shows each exchange (a 401 included) but never the token.
    const auth = (this.auth = this.listener.auth?.());
    auth?.reset();
    const signedIn = (next: typeof fetch) => (auth ? auth.wrap(next) : next);
    const wire = signedIn(seen.fetch);
    // Over Streamable HTTP a call waits for its approval's sync at the fetch (the SDK builds the request meanwhile),
    // under OAuth, over the trace.
    // Legacy SSE does not carry per-request headers to its fetch: there a call waits in the transport.
    const gate = new FetchGate();
    const gated = signedIn(gate.wrap(seen.fetch));
    // The server's own refusal first (a server that wants other credentials says so), then why signing in did not help.
    const failed = (e: unknown) => {
      const refused = httpError(e, url, seen.last);
      return auth?.lastError
        ? new Error(`${refused.message}; sign-in failed: ${auth.lastError}`, { cause: e })
        : refused;
    };
    if (config.type === 'sse')
      return this.attempt(new SSEClientTransport(url, { requestInit, fetch: wire }), 'sse', timeoutMs, era, gen).catch(
        (e) => Promise.reject(failed(e)),
      );
    try {
      return await this.attempt(
        new StreamableHTTPClientTransport(url, { requestInit, fetch: gated }),
        'http',
        timeoutMs,
        era,
        gen,
        gate,
      );
    } catch (e) {
      // Legacy SSE is tried only for an entry with no type, and only when the server refused the
      // POST with a 4xx that is not about authorization (the spec's backwards-compatibility rule:
      // 404, 405…). A 401/403 means "sign in", never "this is an SSE server".
      const status = e instanceof SdkHttpError ? e.status : seen.last?.status;
      const fallback =
        config.type === 'auto' &&
        status !== undefined &&
        status >= 400 &&
        status < 500 &&
        status !== 401 &&
        status !== 403;
      if (!fallback || auth?.lastError) throw failed(e);
      this.note(`Streamable HTTP was refused (HTTP ${status}); trying legacy SSE`);
      return this.attempt(new SSEClientTransport(url, { requestInit, fetch: wire }), 'sse', timeoutMs, era, gen).catch(
        (e2) => Promise.reject(failed(e2)),
      );
    }
  }

  private async attempt(
    raw: Transport,
    kind: 'stdio' | 'http' | 'sse',
    timeoutMs: number,
    era: ServerSettings['era'],
    gen: number,
    gate?: FetchGate,
  ) {
    const trace = this.listener.trace?.bind(this.listener);
    // The boundary sits under everything: each message is measured before anything reads it (the trace included).
    const bounded = boundTransport(raw, { note: (line) => this.note(line) });
    // The tap sits under everything else (the SDK's probe included), so the trace shows the wire as it was.
    const transport = trace ? tapTransport(bounded, new WireTap(trace)) : bounded;
    // Above the tap, under the SDK: a tools/call leaves only with its ticket (call-ticket.ts); over Streamable HTTP it
    // waits at the fetch.
    ticketedWire(transport, gate);
    let protocolVersion: string | undefined;
    const setVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (v: string) => {
      protocolVersion = v;
      setVersion?.(v);
    };
    // auto: server/discover first, the 2025 initialize handshake when the server does not know it.
    const mode = era === 'modern' ? { pin: MODERN_VERSION } : era;
    // A 2025 server on stdio may ignore the unknown server/discover: after STDIO_PROBE_MS of silence
    // the SDK speaks the 2025 era on the same process. Over HTTP silence is an outage, not an era.
    const probe = { timeoutMs: kind === 'stdio' ? Math.min(STDIO_PROBE_MS, timeoutMs) : timeoutMs };
    // The SDK keeps results it could serve from cache (up to 512 resources/read bodies by default).
    // The console always asks the server again, so it keeps only a few: memory stays bounded.
    const { Client, InMemoryResponseCacheStore } = sdk();
    const responseCacheStore = new InMemoryResponseCacheStore({ maxEntries: 8 });
    const capabilities = clientCapabilities(this.listener);
    const client = new Client(CLIENT_INFO, {
      capabilities,
      versionNegotiation: { mode, probe },
      responseCacheStore,
      jsonSchemaValidator: CHECKED_BY_THE_CONSOLE,
    });
    answerFor(
      client,
      this.listener,
      () => gen === this.generation,
      (line) => this.addLines([line]),
    );
    client.onerror = (err) => this.note(`transport error: ${err.message}`);
    client.onclose = () => this.closed(gen);
    this.currentTransport = transport;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      // While a person signs in (the browser step), the connect timeout waits for them.
      const arm = (ms: number) => {
        timer = setTimeout(() => (this.auth?.busy ? arm(1000) : reject(new ConnectTimeout(timeoutMs))), ms);
      };
      arm(timeoutMs);
    });
    try {
      await Promise.race([client.connect(transport), timeout]);
      orderDelivery(transport);
      if (client.getProtocolEra() === 'modern') {
        completeByDefault(transport, (line) => this.note(line));
        if (kind === 'http')
          reissueBrokenStreams(transport, {
            idempotentTool: (name) => this.listener.idempotentTool?.(name) === true,
            note: (line) => this.note(line),
          });
        const level = this.listener.logLevel?.bind(this.listener);
        if (level) withLogLevel(transport, level);
      }
      return {
        client,
        kind,
        protocolVersion: client.getNegotiatedProtocolVersion() ?? protocolVersion,
        era: client.getProtocolEra(),
      };
    } catch (e) {
      client.onclose = undefined;
      await client.close().catch(() => {});
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Opens the 2026-07-28 change stream again with what is wanted now (a resource watched or let go). */
  async relisten(): Promise<void> {
    await this.changes?.restart();
  }

  private closed(gen: number): void {
    if (gen !== this.generation || this.state.status !== 'connected') return;
    this.changes?.stop();
    this.client = undefined;
    const exit = this.exitOf();
    const reason = exit ? `the server process exited (${exitText(exit)})` : 'the connection was closed by the server';
    this.state = { status: 'error', error: reason, exit };
    this.note(reason);
    this.listener.statusChanged();
    this.listener.lost(reason);
  }

  private addStderr(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > 64_000) {
      parts.push(this.partial);
      this.partial = '';
    }
    if (parts.length) this.addLines(parts);
  }

  /** A note of the console's own in the server's output (its log view and stderr panel). */
  note(text: string): void {
    this.addLines([`[console] ${text}`]);
  }

  private addLines(lines: string[]): void {
    for (const l of lines) this.stderr.push(l.length > 10_000 ? l.slice(0, 10_000) + '…' : l);
    this.listener.stderr(lines);
  }
}
