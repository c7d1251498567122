import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fail } from './http-adapter.js';
import {
  parseJSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';

/** The most messages one POST may carry (as the SDK's own transport). */
export const MAX_BATCH = 100;
/**
 * A call not answered within this long gets its answer as an event stream (headers now, keep-alives while it waits).
 */
export const UPGRADE_AFTER_MS = 1000;
/** A comment on an idle event stream this often, so that nothing between ends it for being idle. */
export const KEEP_ALIVE_MS = 15_000;

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** The answer to one POST that carried requests: JSON when it is ready soon and alone, an event stream otherwise. */
interface Exchange {
  res: ServerResponse;
  ids: RequestId[];
  answers: Map<RequestId, JSONRPCMessage>;
  sse: boolean;
  timer?: NodeJS.Timeout;
}

type Message = JSONRPCMessage & { id?: RequestId; method?: string };

const isResponse = (m: Message) => m.method === undefined && m.id !== undefined && ('result' in m || 'error' in m);
const isRequest = (m: Message) => typeof m.method === 'string' && m.id !== undefined;
const isInitialize = (m: Message) => m.method === 'initialize' && m.id !== undefined;

/**
 * The server side of one 2025-era Streamable HTTP session (2025-03-26 to 2025-11-25), on Node's own
 * request and response: the SDK's web-standard transport answers every request with an event stream
 * and needs a web Request and Response per exchange; this one answers a call that is ready within
 * UPGRADE_AFTER_MS as one JSON object (the spec lets the server choose), and switches to an event
 * stream as soon as the exchange has something to send before its answer (progress) or keeps the
 * agent waiting (an approval), with keep-alives. That halves what a call costs both the console and
 * the agent (measured in `npm run bench`). Status codes and messages follow the SDK's transport.
 * No resumability: an answer whose stream the agent closed is dropped, as the SDK does without an event store.
 */
export class SessionTransport implements Transport {
  sessionId?: string;
  onclose?: () => void;
  onerror?: (e: Error) => void;
  onmessage?: Transport['onmessage'];
  private versions: string[] = [...SUPPORTED_PROTOCOL_VERSIONS];
  private initialized = false;
  private closed = false;
  private readonly byRequest = new Map<RequestId, Exchange>();
  private standalone: { res: ServerResponse; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly hooks: {
      onsessioninitialized?(id: string): void;
      onsessionclosed?(id: string): void;
      upgradeAfterMs?: number;
    } = {},
  ) {}

  async start(): Promise<void> {}

  setSupportedProtocolVersions(versions: string[]): void {
    this.versions = versions;
  }

  /** One HTTP request of this session; `body` is the POST body parsed (undefined: absent or not JSON). */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    if (this.closed) return fail(res, 404, -32001, 'Session not found');
    if (req.method === 'POST') return this.post(req, res, body);
    if (req.method === 'GET') return this.get(req, res);
    if (req.method === 'DELETE') {
      if (!this.valid(req, res)) return;
      if (this.sessionId) this.hooks.onsessionclosed?.(this.sessionId);
      res.writeHead(200).end();
      return void this.close();
    }
    res.setHeader('allow', 'GET, POST, DELETE');
    fail(res, 405, -32000, 'Method not allowed.');
  }

  private post(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
      return fail(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
      return fail(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    if (body === undefined) return fail(res, 400, -32700, 'Parse error: Invalid JSON');
    if (Array.isArray(body) && body.length > MAX_BATCH)
      return fail(res, 400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`);
    let messages: Message[];
    try {
      messages = (Array.isArray(body) ? body : [body]).map((m) => parseJSONRPCMessage(m) as Message);
    } catch {
      return fail(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
    }
    if (messages.some(isInitialize)) {
      if (this.initialized) return fail(res, 400, -32600, 'Invalid Request: Server already initialized');
      if (messages.length > 1)
        return fail(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      this.sessionId = randomUUID();
      this.initialized = true;
      this.hooks.onsessioninitialized?.(this.sessionId);
    } else if (!this.valid(req, res)) return;
    const requests = messages.filter(isRequest);
    if (requests.length === 0) {
      for (const m of messages) this.onmessage?.(m);
      return void res.writeHead(202).end();
    }
    const ex: Exchange = { res, ids: requests.map((m) => m.id!), answers: new Map(), sse: false };
    for (const id of ex.ids) this.byRequest.set(id, ex);
    ex.timer = setTimeout(() => this.upgrade(ex), this.hooks.upgradeAfterMs ?? UPGRADE_AFTER_MS);
    res.once('close', () => {
      clearTimeout(ex.timer);
      this.abandoned(ex);
    });
    for (const m of messages) this.onmessage?.(m);
  }

  /**
   * The agent closed a request's stream before its answer (its client timed out, or it went away):
   * nobody waits for the answer any more, so each request still open is cancelled as if the agent
   * had said so. A call still waiting for the person is withdrawn, never run afterwards.
   */
  private abandoned(ex: Exchange): void {
    if (this.closed) return;
    for (const id of ex.ids) {
      if (ex.answers.has(id) || this.byRequest.get(id) !== ex) continue;
      this.byRequest.delete(id);
      this.onmessage?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: {
          requestId: id,
          reason: 'the agent closed its request before the answer (its client gave up, or it went away)',
        },
      });
    }
  }

  private get(req: IncomingMessage, res: ServerResponse): void {
    if (!(req.headers.accept ?? '').includes('text/event-stream'))
      return fail(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    if (!this.valid(req, res)) return;
    if (this.standalone) return fail(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    res.writeHead(200, { ...SSE_HEADERS, 'mcp-session-id': this.sessionId! });
    res.flushHeaders();
    const timer = setInterval(() => res.write(': keepalive\n\n'), KEEP_ALIVE_MS).unref();
    const stream = { res, timer };
    this.standalone = stream;
    res.once('close', () => {
      clearInterval(timer);
      if (this.standalone === stream) this.standalone = null;
    });
  }

  /** The session header names this session; a protocol version header, if sent, is one this server speaks. */
  private valid(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.initialized) return (fail(res, 400, -32000, 'Bad Request: Server not initialized'), false);
    const id = req.headers['mcp-session-id'];
    if (!id) return (fail(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required'), false);
    if (id !== this.sessionId) return (fail(res, 404, -32001, 'Session not found'), false);
    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && !this.versions.includes(String(version))) {
      fail(
        res,
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${String(version)} (supported versions: ${this.versions.join(', ')})`,
      );
      return false;
    }
    return true;
  }

  /**
   * From now on the exchange is an event stream: its headers leave now, and a comment keeps it alive while it waits.
   */
  private upgrade(ex: Exchange): void {
    if (ex.sse || ex.res.writableEnded || ex.res.destroyed) return;
    ex.sse = true;
    clearTimeout(ex.timer);
    ex.res.writeHead(200, { ...SSE_HEADERS, 'mcp-session-id': this.sessionId! });
    ex.res.flushHeaders();
    for (const answer of ex.answers.values()) ex.res.write(event(answer)); // a batch's answers that came first
    ex.timer = setInterval(() => ex.res.write(': keepalive\n\n'), KEEP_ALIVE_MS).unref();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const m = message as Message;
    const response = isResponse(m);
    const id = response ? m.id : options?.relatedRequestId;
    if (id === undefined) {
      // Not about a request: the session's own stream, if the agent opened one (list_changed); dropped otherwise.
      if (this.standalone) this.standalone.res.write(event(m));
      return;
    }
    const ex = this.byRequest.get(id);
    if (!ex) return; // the exchange is over (the agent went away, or the session closed)
    const gone = ex.res.writableEnded || ex.res.destroyed;
    if (!response) {
      if (gone) return;
      this.upgrade(ex);
      return void ex.res.write(event(m));
    }
    ex.answers.set(id, m);
    if (ex.sse && !gone) ex.res.write(event(m));
    if (ex.answers.size < ex.ids.length) return;
    for (const rid of ex.ids) this.byRequest.delete(rid);
    clearTimeout(ex.timer);
    if (gone) return;
    if (ex.sse) return void ex.res.end();
    const answers = ex.ids.map((rid) => ex.answers.get(rid));
    const text = JSON.stringify(answers.length === 1 ? answers[0] : answers);
    ex.res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': this.sessionId! }).end(text);
  }

  /** Ends the session: what is still open is answered (a JSON-RPC error for each call still waiting) and closed. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const open = new Set(this.byRequest.values());
    this.byRequest.clear();
    for (const ex of open) {
      clearTimeout(ex.timer);
      if (ex.res.writableEnded || ex.res.destroyed) continue;
      // In a stream the answers that came are out already; a JSON answer carries them all, in order.
      if (ex.sse)
        ex.res.end(
          ex.ids
            .filter((rid) => !ex.answers.has(rid))
            .map((rid) => event(closedAnswer(rid)))
            .join(''),
        );
      else {
        const all = ex.ids.map((rid) => ex.answers.get(rid) ?? closedAnswer(rid));
        ex.res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(all.length === 1 ? all[0] : all));
      }
    }
    if (this.standalone) {
      clearInterval(this.standalone.timer);
      this.standalone.res.end();
      this.standalone = null;
    }
    this.onclose?.();
  }
}

/** What a call still waiting gets when its session closes. */
function closedAnswer(id: RequestId) {
  return { jsonrpc: '2.0', id, error: { code: -32000, message: 'MCP Console closed this session' } };
}

function event(m: unknown): string {
  return `event: message\ndata: ${JSON.stringify(m)}\n\n`;
}
