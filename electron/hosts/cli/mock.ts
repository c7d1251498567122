import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { lineSplitter, listenLoopback } from '../../core/index.js';
import { progressTokenOf } from '../../../shared/recording/read.js';
import { Replay, type Wire } from '../../../shared/recording/replay.js';
import { readRecordingFiles } from './recording-files.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import { safe } from './format.js';
import type { Io } from './io.js';

/** The largest request body the HTTP mock reads. */
const BODY_MAX = 16 * 1024 * 1024;
/** How long the mock waits for a client to answer a request the server made during a call. */
const ASKED_MS = 60_000;

/** A client's requests answered from a replay: what to send, in order, and the server's own requests awaited. */
export class MockSession {
  private asked = new Map<string, () => void>();
  private next = 1;

  constructor(private readonly replay: Replay) {}

  /** A message from the client; `send` each message back in order. Resolves once the answer is sent. */
  async receive(m: Wire, send: (m: Wire) => void): Promise<void> {
    if (typeof m.method !== 'string') {
      // The client's answer to a request the server made: the call it came during goes on.
      if (m.id !== undefined) this.asked.get(String(m.id))?.();
      return;
    }
    if (m.id === undefined || m.id === null) return; // a notification: nothing is answered
    const reply = this.replay.answer(m.method, m.params);
    if (!('answer' in reply)) return send({ jsonrpc: '2.0', id: m.id, error: reply.error });
    const token = progressTokenOf(m.params);
    for (const between of reply.exchange.between) {
      if (between.method === 'notifications/progress') {
        if (token === undefined) continue;
        send({ ...between, params: { ...(between.params as object), progressToken: token } });
      } else if (between.id !== undefined && typeof between.method === 'string') {
        const id = `mock-${this.next++}`;
        const answered = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ASKED_MS);
          this.asked.set(id, () => (clearTimeout(timer), this.asked.delete(id), resolve()));
        });
        send({ ...between, id });
        await answered;
      } else send(between);
    }
    send({ jsonrpc: '2.0', id: m.id, ...reply.answer });
  }
}

/** The mock over stdio: one JSON-RPC message a line both ways, until stdin ends. */
export function mockOverStdio(
  replay: Replay,
  input: NodeJS.ReadableStream,
  write: (line: string) => void,
): Promise<void> {
  const session = new MockSession(replay);
  const send = (m: Wire) => write(JSON.stringify(m));
  const feed = lineSplitter((line) => {
    let m: unknown;
    try {
      m = JSON.parse(line);
    } catch {
      return send({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: a line that is not JSON' },
      });
    }
    if (!m || typeof m !== 'object' || Array.isArray(m))
      return send({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: not one JSON-RPC message' },
      });
    void session.receive(m as Wire, send);
  });
  return new Promise((resolve) => {
    input.on('data', (d: Buffer) => feed(d));
    input.on('end', () => resolve());
    input.on('close', () => resolve());
  });
}

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_MAX) return void (req.destroy(), resolve(undefined));
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));

/**
 * The mock over Streamable HTTP at `/mcp` on 127.0.0.1: each POST answered as JSON, or as an event stream when the
 * recorded answer came with messages before it and the client takes one; no stream of its own (GET is 405). A Host or
 * Origin that is not this machine is refused (a page elsewhere cannot reach it by DNS rebinding).
 */
export async function mockOverHttp(replay: Replay, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const session = new MockSession(replay);
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (
        !LOOPBACK_HOST.test(req.headers.host ?? '') ||
        (req.headers.origin && !LOOPBACK_ORIGIN.test(req.headers.origin))
      )
        return void res
          .writeHead(403, { 'Content-Type': 'text/plain' })
          .end('forbidden: not a loopback Host or Origin');
      if (path !== '/mcp' && path !== '/') return void res.writeHead(404).end();
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST, DELETE' }).end();
      const body = await readBody(req);
      if (body === undefined)
        return json(res, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } });
      let m: Wire;
      try {
        m = JSON.parse(body) as Wire;
      } catch {
        return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      }
      if (!m || typeof m !== 'object' || Array.isArray(m))
        return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } });
      if (typeof m.method !== 'string' || m.id === undefined) {
        await session.receive(m, () => {});
        return void res.writeHead(202).end();
      }
      const sent: Wire[] = [];
      const streamed = /text\/event-stream/.test(req.headers.accept ?? '');
      let stream = false;
      await session.receive(m, (out) => {
        const last = out.id === m.id && out.method === undefined;
        if (!last && streamed && !stream) {
          stream = true;
          res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        }
        if (stream) res.write(`event: message\ndata: ${JSON.stringify(out)}\n\n`);
        else sent.push(out);
      });
      if (stream) return void res.end();
      const answer = sent.at(-1);
      // The 2025 era's session: a new one for each initialize (the mock keeps no state per session).
      const headers: Record<string, string> =
        m.method === 'initialize' && answer && 'result' in answer ? { 'Mcp-Session-Id': randomUUID() } : {};
      json(res, 200, answer, headers);
    })().catch(() => res.headersSent || res.writeHead(500).end());
  });
  const bound = await listenLoopback(server, port);
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * `mock RECORDING… [--server ID] [--http PORT] [--ignore PTR,PTR]`: a recorded server, answering from the recording
 * (several recordings are read as one, in order: a command's recording each).
 */
export async function mockCommand(args: ParsedArgs, io: Io): Promise<number> {
  const files = args.positional.slice(1);
  if (!files.length) throw new UsageError('name the recording: mcp-console mock RECORDING');
  const file = files.join(', ');
  const httpPort = str(args, 'http');
  const port = httpPort === undefined ? undefined : Number(httpPort);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535))
    throw new UsageError(`--http must be a port number, not ${JSON.stringify(httpPort)}`);
  let read;
  try {
    read = readRecordingFiles(files);
  } catch (e) {
    io.err(`error: ${safe((e as Error).message)}`);
    return 2;
  }
  for (const p of read.problems) io.err(`warning: ${safe(file)}: ${safe(p)}`);
  const ids = [...read.servers.keys()];
  const wanted = str(args, 'server') ?? (ids.length === 1 ? ids[0] : undefined);
  const server = wanted === undefined ? undefined : read.servers.get(wanted);
  if (!server) {
    io.err(
      ids.length === 0
        ? `error: ${safe(file)} holds no server's messages (is it a recording? see shared/schemas/recording.schema.json)`
        : `error: ${wanted === undefined ? 'the recording holds several servers' : `no server ${JSON.stringify(safe(wanted, true))} in the recording`}; name one with --server: ${ids.map((i) => safe(i, true)).join(', ')}`,
    );
    return 2;
  }
  const ignore = [
    ...read.ignore,
    ...(str(args, 'ignore')
      ?.split(',')
      .map((p) => p.trim())
      .filter(Boolean) ?? []),
  ];
  for (const p of ignore)
    if (!p.startsWith('/'))
      throw new UsageError(`--ignore takes JSON pointers (each starts with /), not ${JSON.stringify(p)}`);
  const replay = new Replay(server, ignore);
  const said = `${server.exchanges.length} recorded requests of ${safe(server.serverId)}${read.ended ? '' : ' (the recording was cut short)'}`;
  if (port === undefined) {
    io.err(`mcp-console mock: answering ${said} on stdio`);
    await mockOverStdio(replay, process.stdin, (line) => process.stdout.write(line + '\n'));
    return 0;
  }
  const http = await mockOverHttp(replay, port);
  io.err(`mcp-console mock: answering ${said}`);
  io.out(`mock listening at ${http.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await http.close();
  return 0;
}
