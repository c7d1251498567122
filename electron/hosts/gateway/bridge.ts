import { connect, type Socket } from 'node:net';
import { lineSplitter, resolveDataDir } from '../../core/index.js';
import { readAddress, socketPath } from './local-channel.js';
import { GATEWAY_INFO } from './gateway-info.js';
import { overLimits } from '../../../shared/boundary.js';

export interface BridgeIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  err(line: string): void;
}

type Id = string | number;
interface Msg {
  id?: Id;
  method?: string;
  params?: Record<string, unknown>;
}

const REPLAY_ID = 'mcp-console-bridge-replay';
const RETRY_MS = 1000;

/**
 * The bridge's link to the running console: its socket (or why there is none), the host's handshake
 * to replay, what is in flight. While the console is away after the host's handshake, the link tries
 * again every second by itself, so a console that starts (or restarts) is found without the host
 * having to ask for anything.
 */
class ConsoleLink {
  private socket: Socket | null = null;
  private connecting: Promise<Socket | null> | null = null;
  private why = '';
  private init: Msg | null = null;
  /** The socket the host's handshake was last carried on (by the host, or replayed). */
  private initOn: Socket | null = null;
  private retrying: NodeJS.Timeout | null = null;
  /** The host closed its end: nothing more is looked for. */
  private ended = false;
  private readonly inflight = new Map<Id, string>();
  private said = '';

  constructor(
    private readonly agent: string,
    private readonly dataDir: string,
    private readonly io: BridgeIo,
  ) {}

  private toHost(line: string): void {
    this.io.stdout.write(line.endsWith('\n') ? line : line + '\n');
  }

  private tell(text: string): void {
    if (text !== this.said) this.io.err(`mcp-console bridge: ${text}`);
    this.said = text;
  }

  /** The socket to the console, opened (and the agent announced) if it is not; null with `why` when it cannot be. */
  private open(): Promise<Socket | null> {
    if (this.socket) return Promise.resolve(this.socket);
    if (this.connecting) return this.connecting;
    const path = readAddress(this.dataDir)?.socket ?? socketPath(this.dataDir);
    this.connecting = new Promise<Socket | null>((resolve) => {
      const s = connect(path);
      let buf = Buffer.alloc(0);
      const fail = (text: string) => {
        this.why = text;
        this.tell(text);
        s.destroy();
        resolve(null);
      };
      s.once('error', (e: NodeJS.ErrnoException) =>
        fail(
          e.code === 'ENOENT' || e.code === 'ECONNREFUSED'
            ? `MCP Console is not running for ${this.dataDir} (no agent channel at ${path}); start it (mcp-console serve, or the desktop app) and try again`
            : `cannot reach MCP Console at ${path}: ${e.message}`,
        ),
      );
      s.on('connect', () => s.write(JSON.stringify({ agent: this.agent }) + '\n'));
      const onHello = (chunk: Buffer) => {
        buf = Buffer.concat([buf, chunk]);
        const nl = buf.indexOf(0x0a);
        if (nl < 0) return;
        s.off('data', onHello);
        let answer: { ok?: boolean; error?: string };
        try {
          answer = JSON.parse(buf.subarray(0, nl).toString('utf8')) as typeof answer;
        } catch {
          return fail('MCP Console answered the bridge with something it does not understand');
        }
        if (!answer.ok)
          return fail(`MCP Console refused agent ${JSON.stringify(this.agent)}: ${answer.error ?? 'no reason given'}`);
        s.removeAllListeners('error');
        this.attach(s, buf.subarray(nl + 1));
        this.why = '';
        this.tell(`connected to MCP Console as agent ${this.agent}`);
        resolve(s);
      };
      s.on('data', onHello);
    }).finally(() => (this.connecting = null));
    return this.connecting;
  }

  private attach(s: Socket, rest: Buffer): void {
    this.socket = s;
    const fromConsole = lineSplitter((line) => {
      const id = responseId(line);
      if (id === REPLAY_ID) return; // our replayed initialize: the host had its answer already
      if (id !== undefined) this.inflight.delete(id);
      this.toHost(line);
    });
    if (rest.length) fromConsole(rest);
    s.on('data', fromConsole);
    s.on('error', () => s.destroy());
    s.on('close', () => {
      this.socket = null;
      this.why = 'MCP Console closed the connection (it stopped, or this agent was revoked)';
      this.tell(this.why);
      // Nothing the host asked for may hang: what was in flight ends now, with the reason.
      for (const [id, method] of this.inflight) this.toHost(JSON.stringify(local({ id, method }, this.why)));
      this.inflight.clear();
      this.retry();
    });
  }

  /**
   * The console is away after the host's handshake: look for it every second until it answers, then
   * hand it the handshake and tell the host its tools changed (the host lists them again by itself).
   */
  private retry(): void {
    if (this.retrying || !this.init || this.ended) return;
    this.retrying = setInterval(() => {
      void this.open().then((s) => {
        if (!s || !this.retrying) return;
        clearInterval(this.retrying);
        this.retrying = null;
        this.handshake(s);
      });
    }, RETRY_MS);
  }

  /**
   * A console reached after the host's handshake gets that handshake, once per connection; the host hears its tools
   * changed.
   */
  private handshake(s: Socket): void {
    if (!this.init || this.initOn === s) return;
    this.initOn = s;
    s.write(JSON.stringify({ ...this.init, id: REPLAY_ID }) + '\n');
    s.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    this.toHost(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
  }

  /**
   * One message from the host: measured, then carried to the console (replaying the handshake after a reconnect), or
   * answered here.
   */
  async onMessage(line: string): Promise<void> {
    let msg: Msg;
    try {
      msg = JSON.parse(line) as Msg;
    } catch {
      return void this.toHost(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
      );
    }
    // SECURITY: measured before the bridge keeps or copies it (the handshake is replayed from it).
    const over = overLimits(msg);
    if (over) {
      const id =
        msg !== null && typeof msg === 'object' && (typeof msg.id === 'number' || typeof msg.id === 'string')
          ? msg.id
          : null;
      return void this.toHost(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: { code: -32600, message: `refused by MCP Console: the message ${over}` },
        }),
      );
    }
    if (msg.method === 'initialize') this.init = msg;
    const s = await this.open();
    if (!s) {
      const answer = local(msg, this.why);
      if (answer) this.toHost(JSON.stringify(answer));
      this.retry();
      return;
    }
    // The host's own handshake goes as it is; any other message on a connection that has not had it
    // (the console came up after the host's handshake) is preceded by it.
    if (msg === this.init) this.initOn = s;
    else this.handshake(s);
    if (msg.id !== undefined && msg.method) this.inflight.set(msg.id, msg.method);
    s.write(line + '\n');
  }

  end(): void {
    this.ended = true;
    if (this.retrying) clearInterval(this.retrying);
    this.retrying = null;
    this.socket?.end();
  }
}

/**
 * `mcp-console bridge --agent NAME`: the stdio MCP server an agent host launches. It carries the
 * host's messages, unchanged, to the running console over its local channel and back. When no
 * console runs (or it refuses the agent) it answers itself: calls get a tool error saying why, and
 * stderr says so; it tries again on every message and every second and, once through, replays the
 * host's initialize and tells the host its tools changed.
 */
export async function bridgeCommand(opts: { agent: string; dataDir?: string }, io: BridgeIo): Promise<number> {
  const link = new ConsoleLink(opts.agent, resolveDataDir(opts.dataDir), io);
  // One message at a time, in order: a message never overtakes the one before it.
  let chain = Promise.resolve();
  io.stdin.on(
    'data',
    lineSplitter((raw) => {
      const line = raw.replace(/\r$/, '');
      if (line.trim())
        chain = chain.then(() => link.onMessage(line)).catch((e: Error) => io.err(`mcp-console bridge: ${e.message}`));
    }),
  );
  return new Promise((resolve) => {
    io.stdin.on('end', () => {
      void chain.then(() => {
        link.end();
        resolve(0);
      });
    });
  });
}

/** The id of a JSON-RPC response line (read from its end, where the SDK writes it; else parsed). */
function responseId(line: string): Id | undefined {
  const m = /"id":(\d+|"(?:[^"\\]|\\.)*")\}$/.exec(line.slice(-300));
  if (m && !line.includes('"method":"')) return m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : Number(m[1]);
  try {
    const msg = JSON.parse(line) as Msg;
    return msg.method === undefined ? msg.id : undefined;
  } catch {
    return undefined;
  }
}

/** What the bridge answers itself while no console takes the agent's messages. */
function local(msg: Msg, why: string): Record<string, unknown> | null {
  if (msg.id === undefined) return null; // notifications need no answer
  const reply = (result: unknown) => ({ jsonrpc: '2.0', id: msg.id, result });
  switch (msg.method) {
    case 'initialize': {
      const asked = typeof msg.params?.protocolVersion === 'string' ? msg.params.protocolVersion : '2025-11-25';
      return reply({
        protocolVersion: asked,
        capabilities: { tools: { listChanged: true } },
        serverInfo: GATEWAY_INFO,
        instructions: `Not connected: ${why}`,
      });
    }
    case 'ping':
      return reply({});
    case 'tools/call':
      return reply({ content: [{ type: 'text', text: `MCP Console: ${why}` }], isError: true });
    default:
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: `MCP Console: ${why}` } };
  }
}
