import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ServerConfig, ServerSettings, ServerStatus } from '../../shared/schemas/server.js';
import { RingBuffer } from './ring-buffer.js';
import { StdioTransport, type ExitInfo } from './stdio-transport.js';

export const CLIENT_INFO = { name: 'mcp-console', version: '0.1.0' };
const STDERR_LINES = 1000;

/** What a connection tells its owner. */
export interface ConnectionListener {
  statusChanged(): void;
  stderr(lines: string[]): void;
  toolsListChanged(): void;
  /** The connection closed without being asked to. */
  lost(reason: string): void;
}

/** The live state of one server connection. */
export interface ConnectionState {
  status: ServerStatus;
  transport?: 'stdio' | 'http' | 'sse';
  error?: string;
  exit?: ExitInfo;
  protocolVersion?: string;
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
      const opened = await this.open(config, settings.connectTimeoutMs, maxMessageBytes, gen);
      if (gen !== this.generation) {
        await opened.client.close().catch(() => {});
        return;
      }
      this.client = opened.client;
      this.state = { status: 'connected', transport: opened.kind, protocolVersion: opened.protocolVersion, connectedAt: new Date().toISOString() };
      this.listener.statusChanged();
    } catch (e) {
      if (gen !== this.generation) return;
      const exit = this.exitOf();
      this.state = { status: 'error', error: describeError(e, exit), exit };
      this.listener.statusChanged();
      throw new Error(this.state.error);
    }
  }

  /** Closes the connection on purpose. With `announce`, reports the disconnected status. */
  async disconnect(announce = true): Promise<void> {
    this.generation++;
    const client = this.client;
    this.client = undefined;
    this.currentTransport = undefined;
    if (client) await client.close().catch(() => {});
    if (announce && this.state.status !== 'disconnected') {
      this.state = { status: 'disconnected' };
      this.listener.statusChanged();
    }
  }

  private exitOf(): ExitInfo | undefined {
    const t = this.currentTransport;
    return t instanceof StdioTransport && t.exit ? t.exit : undefined;
  }

  private async open(config: ServerConfig, timeoutMs: number, maxMessageBytes: number, gen: number) {
    if (config.type === 'stdio') {
      const t = new StdioTransport({
        command: config.command,
        args: config.args,
        env: config.env,
        cwd: config.cwd,
        maxMessageBytes,
        onStderr: (text) => this.addStderr(text),
        onNoise: (what) => this.addLines([`[console] ${what}`]),
      });
      return this.attempt(t, 'stdio', timeoutMs, gen);
    }
    const url = new URL(config.url);
    const requestInit: RequestInit = { headers: config.headers };
    if (config.type === 'sse') return this.attempt(new SSEClientTransport(url, { requestInit }), 'sse', timeoutMs, gen);
    try {
      return await this.attempt(new StreamableHTTPClientTransport(url, { requestInit }), 'http', timeoutMs, gen);
    } catch (e) {
      // Fall back to legacy SSE when the server refuses the POST (4xx), as the SDK documents;
      // an entry with no type also falls back on any other failure but a timeout.
      const refused = e instanceof StreamableHTTPError && e.code !== undefined && e.code >= 400 && e.code < 500;
      if (!refused && (config.type !== 'auto' || e instanceof ConnectTimeout)) throw e;
      this.addLines([`[console] Streamable HTTP failed (${(e as Error).message}); trying legacy SSE`]);
      return this.attempt(new SSEClientTransport(url, { requestInit }), 'sse', timeoutMs, gen);
    }
  }

  private async attempt(transport: Transport, kind: 'stdio' | 'http' | 'sse', timeoutMs: number, gen: number) {
    let protocolVersion: string | undefined;
    const setVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (v: string) => {
      protocolVersion = v;
      setVersion?.(v);
    };
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (gen === this.generation) this.listener.toolsListChanged();
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      const data = typeof n.params.data === 'string' ? n.params.data : JSON.stringify(n.params.data);
      this.addLines([`[log ${n.params.level}${n.params.logger ? ' ' + n.params.logger : ''}] ${data}`]);
    });
    client.onerror = (err) => this.addLines([`[console] transport error: ${err.message}`]);
    client.onclose = () => this.closed(gen);
    this.currentTransport = transport;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ConnectTimeout(timeoutMs)), timeoutMs);
    });
    try {
      await Promise.race([client.connect(transport), timeout]);
      return { client, kind, protocolVersion };
    } catch (e) {
      client.onclose = undefined;
      await client.close().catch(() => {});
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  private closed(gen: number): void {
    if (gen !== this.generation || this.state.status !== 'connected') return;
    this.client = undefined;
    const exit = this.exitOf();
    const reason = exit ? `the server process exited (${exitText(exit)})` : 'the connection was closed by the server';
    this.state = { status: 'error', error: reason, exit };
    this.addLines([`[console] ${reason}`]);
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

  private addLines(lines: string[]): void {
    for (const l of lines) this.stderr.push(l.length > 10_000 ? l.slice(0, 10_000) + '…' : l);
    this.listener.stderr(lines);
  }
}

class ConnectTimeout extends Error {
  constructor(ms: number) {
    super(`the server did not complete initialization within ${ms / 1000} s (connect timeout)`);
  }
}

function exitText(exit: ExitInfo): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

function describeError(e: unknown, exit: ExitInfo | undefined): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT' && err.syscall?.startsWith('spawn')) return `command not found: ${err.path ?? ''}`.trim();
  const msg = err?.message ?? String(e);
  return exit ? `${msg} — the server process exited (${exitText(exit)})` : msg;
}
