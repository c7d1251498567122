import { connect, type Socket } from 'node:net';
import { resolveDataDir } from '../core/index.js';
import { readAddress, socketPath } from './local-channel.js';
import { GATEWAY_INFO } from './agent-server.js';
import { lineSplitter } from './lines.js';
import { overLimits } from '../../shared/boundary.js';

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
 * `mcp-console bridge --agent NAME`: the stdio MCP server an agent host launches. It carries the
 * host's messages, unchanged, to the running console over its local channel and back. When no
 * console runs (or it refuses the agent) it answers itself: calls get a tool error saying why, and
 * stderr says so; it tries again on the next message and, once through, replays the host's
 * initialize and tells the host its tools changed.
 */
// eslint-disable-next-line max-lines-per-function -- the bridge's reconnect loop shares its state across handlers; to split into a class
export async function bridgeCommand(opts: { agent: string; dataDir?: string }, io: BridgeIo): Promise<number> {
  const dataDir = resolveDataDir(opts.dataDir);
  let socket: Socket | null = null;
  let connecting: Promise<Socket | null> | null = null;
  let why = '';
  let lastTry = 0;
  let init: Msg | null = null;
  const inflight = new Map<Id, string>();
  let said = '';

  const toHost = (line: string) => io.stdout.write(line.endsWith('\n') ? line : line + '\n');
  const tell = (text: string) => {
    if (text !== said) io.err(`mcp-console bridge: ${text}`);
    said = text;
  };

  function open(): Promise<Socket | null> {
    if (socket) return Promise.resolve(socket);
    if (connecting) return connecting;
    if (Date.now() - lastTry < RETRY_MS && why) return Promise.resolve(null);
    lastTry = Date.now();
    const path = readAddress(dataDir)?.socket ?? socketPath(dataDir);
    connecting = new Promise<Socket | null>((resolve) => {
      const s = connect(path);
      let buf = Buffer.alloc(0);
      const fail = (text: string) => {
        why = text;
        tell(text);
        s.destroy();
        resolve(null);
      };
      s.once('error', (e: NodeJS.ErrnoException) =>
        fail(
          e.code === 'ENOENT' || e.code === 'ECONNREFUSED'
            ? `MCP Console is not running for ${dataDir} (no agent channel at ${path}); start it (mcp-console serve, or the desktop app) and try again`
            : `cannot reach MCP Console at ${path}: ${e.message}`,
        ),
      );
      s.on('connect', () => s.write(JSON.stringify({ agent: opts.agent }) + '\n'));
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
        if (!answer.ok) return fail(`MCP Console refused agent ${JSON.stringify(opts.agent)}: ${answer.error ?? 'no reason given'}`);
        s.removeAllListeners('error');
        attach(s, buf.subarray(nl + 1));
        why = '';
        tell(`connected to MCP Console as agent ${opts.agent}`);
        resolve(s);
      };
      s.on('data', onHello);
    }).finally(() => (connecting = null));
    return connecting;
  }

  function attach(s: Socket, rest: Buffer): void {
    socket = s;
    const fromConsole = lineSplitter((line) => {
      const id = responseId(line);
      if (id === REPLAY_ID) return; // our replayed initialize: the host had its answer already
      if (id !== undefined) inflight.delete(id);
      toHost(line);
    });
    if (rest.length) fromConsole(rest);
    s.on('data', fromConsole);
    s.on('error', () => s.destroy());
    s.on('close', () => {
      socket = null;
      why = 'MCP Console closed the connection (it stopped, or this agent was revoked)';
      tell(why);
      // Nothing the host asked for may hang: what was in flight ends now, with the reason.
      for (const [id, method] of inflight) toHost(JSON.stringify(local({ id, method }, why)));
      inflight.clear();
    });
  }

  async function onMessage(line: string): Promise<void> {
    let msg: Msg;
    try {
      msg = JSON.parse(line) as Msg;
    } catch {
      return void toHost(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
    }
    // SECURITY: measured before the bridge keeps or copies it (the handshake is replayed from it).
    const over = overLimits(msg);
    if (over) {
      const id = msg !== null && typeof msg === 'object' && (typeof msg.id === 'number' || typeof msg.id === 'string') ? msg.id : null;
      return void toHost(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message: `refused by MCP Console: the message ${over}` } }));
    }
    if (msg.method === 'initialize') init = msg;
    const wasDown = socket === null;
    const s = await open();
    if (!s) {
      const answer = local(msg, why);
      if (answer) toHost(JSON.stringify(answer));
      return;
    }
    if (wasDown && init && msg !== init) {
      // The console came up after the host's handshake: do that handshake for it, then say the tools changed.
      s.write(JSON.stringify({ ...init, id: REPLAY_ID }) + '\n');
      s.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
      toHost(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
    }
    if (msg.id !== undefined && msg.method) inflight.set(msg.id, msg.method);
    s.write(line + '\n');
  }

  // One message at a time, in order: a message never overtakes the one before it.
  let chain = Promise.resolve();
  io.stdin.on(
    'data',
    lineSplitter((raw) => {
      const line = raw.replace(/\r$/, '');
      if (line.trim()) chain = chain.then(() => onMessage(line)).catch((e: Error) => io.err(`mcp-console bridge: ${e.message}`));
    }),
  );
  return new Promise((resolve) => {
    io.stdin.on('end', () => {
      void chain.then(() => {
        socket?.end();
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
      return reply({ protocolVersion: asked, capabilities: { tools: { listChanged: true } }, serverInfo: GATEWAY_INFO, instructions: `Not connected: ${why}` });
    }
    case 'ping':
      return reply({});
    case 'tools/call':
      return reply({ content: [{ type: 'text', text: `MCP Console: ${why}` }], isError: true });
    default:
      return { jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: `MCP Console: ${why}` } };
  }
}
