import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import { CONSOLE_USER } from '../../../shared/schemas/requester.js';
import {
  contentType,
  answerClientError,
  PEER_TIMEOUTS,
  dispatch,
  eventWindow,
  FROZEN_EVENTS,
  listenLoopback,
  plainText as plain,
  staticFile,
  type ConsoleCore,
  type EventWindow,
  type HandlerOptions,
  type Handlers,
} from '../../core/index.js';
import { checkHostAndOrigin, tokenMatches } from './guards.js';
import { MAX_SESSIONS, sessionHash } from './page-endpoint.js';
import { CSP, pageCsp } from '../../../shared/csp.js';
import { BINARY_FRAME_CHARS, PAGE_MESSAGE_MAX_BYTES, WS_PART_BYTES } from '../../../shared/ws-frames.js';
import { overLimits } from '../../../shared/boundary.js';

/** The largest message a page may send (a pasted config or large arguments fit). */
export const MAX_MESSAGE_BYTES = PAGE_MESSAGE_MAX_BYTES;

const Envelope = z
  .object({
    id: z.union([z.number(), z.string().max(100)]),
    method: z.string().max(100),
    params: z.unknown().optional(),
  })
  .strict();

export interface WebServer {
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Browser mode: the built renderer and the contract over one WebSocket, on 127.0.0.1 only, behind
 * a per-launch token. Every message goes through the same parse-and-dispatch as IPC.
 */
export async function startWebServer(
  core: ConsoleCore,
  opts: {
    port?: number;
    staticDir: string;
    log?: (line: string) => void;
    overrides?: HandlerOptions['overrides'];
    /** Sessions kept from earlier starts (their hashes), and where a new one is told: an open tab comes back. */
    sessions?: { kept: string[]; added(hashes: string[]): void };
  },
): Promise<WebServer> {
  const token = randomBytes(32).toString('base64url');
  // Everyone on a page of this server is the console's user (the page is behind the per-launch token).
  const handlers = core.handlers({ requester: CONSOLE_USER, overrides: opts.overrides });
  const root = resolve(opts.staticDir);
  const sockets = new Set<WebSocket>();
  let port = 0;
  let csp = CSP;

  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  // The page trades the printed token for a session, kept in a cookie no script can read (HttpOnly),
  // sent only by pages of this console (SameSite=Strict) and named after this listener's port. Only
  // sessions' hashes are kept (here and, to survive a restart, in the data directory).
  const sessions = [...(opts.sessions?.kept ?? [])];
  const knownSession = (presented: string | undefined) =>
    presented !== undefined && presented.length <= 128 && sessions.some((h) => tokenMatches(sessionHash(presented), h));
  const cookieName = () => `mcp-console-${port}`;
  const http = createServer(PEER_TIMEOUTS, (req, res) => {
    // POST /session needs an Origin (a page of this console); the page's files do not.
    const isSession = req.method === 'POST' && (req.url ?? '').split('?')[0] === '/session';
    const refused = checkHostAndOrigin(req, port, isSession);
    if (refused) return void plain(res, 403, `refused: ${refused}`);
    if (isSession) {
      req.resume();
      if (!tokenMatches(req.headers['x-console-token'] as string | undefined, token))
        return void plain(res, 403, 'refused: wrong or missing token');
      const session = randomBytes(32).toString('base64url');
      sessions.push(sessionHash(session));
      sessions.splice(0, Math.max(0, sessions.length - MAX_SESSIONS));
      opts.sessions?.added([...sessions]);
      res.writeHead(204, {
        'Set-Cookie': `${cookieName()}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
      });
      return void res.end();
    }
    // SECURITY: only static files over GET/HEAD; nothing here changes state.
    if (req.method !== 'GET' && req.method !== 'HEAD') return void plain(res, 405, 'method not allowed');
    serveStatic(root, req, res, csp);
  });

  // SECURITY: a bad request or frame ends that one connection; no listener here may end the process.
  http.on('clientError', (err, socket) => {
    log(`browser mode: refused a malformed HTTP request (${(err as Error).message})`);
    answerClientError(err, socket);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', (err) => log(`browser mode: WebSocket server error: ${err.message}`));
  http.on('upgrade', (req, socket, head) => {
    socket.on('error', (err) => log(`browser mode: connection error during upgrade: ${err.message}`));
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refused =
      checkHostAndOrigin(req, port, true) ??
      (url.pathname !== '/ws' ? 'not the WebSocket path' : null) ??
      (tokenMatches(url.searchParams.get('token'), token) || knownSession(cookieOf(req, cookieName()))
        ? null
        : 'wrong or missing token');
    if (refused) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nrefused: ${refused}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws));
  });

  function accept(ws: WebSocket): void {
    sockets.add(ws);
    core.frontEndOpened();
    ws.on('close', () => sockets.delete(ws));
    // ws closes the socket itself with the matching close code (1009 too big, 1007 bad UTF-8, 1002
    // protocol error); this listener only keeps the error from becoming an uncaught exception.
    ws.on('error', (err) => {
      const code = (err as Error & { code?: string }).code;
      log(`browser mode: closed a page connection after a bad frame (${code ?? 'error'}: ${err.message})`);
    });
    ws.on(
      'message',
      (data, isBinary) =>
        void answerPage(data, isBinary, { handlers, log, reply: (msg) => reply(ws, msg) }).catch((err: Error) =>
          log(`browser mode: a message could not be handled: ${err.message}`),
        ),
    );
  }

  const outbox = pushEvents(core, sockets, log);
  /** A reply to one page: at once, after the events waiting (see above). */
  function reply(ws: WebSocket, msg: unknown): void {
    outbox.flush();
    send(ws, msg);
  }

  port = await listenLoopback(http, opts.port);
  // MCP App views load from an origin of their own; the page may frame that origin and no other.
  csp = pageCsp(await core.serveViews([`http://127.0.0.1:${port}`]));
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    token,
    port,
    close: async () => {
      outbox.close();
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((r) => http.close(() => r()));
      http.closeAllConnections();
      await closed;
    },
  };
}

/** One cookie's value from a request's Cookie header, or undefined. */
function cookieOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The id of a page's message as the envelope allows it, read from its top level only; null when there is none. */
function idOf(frame: unknown): number | string | null {
  const id =
    frame !== null && typeof frame === 'object' && !Array.isArray(frame) ? (frame as { id?: unknown }).id : undefined;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= 100) ? id : null;
}

/**
 * The events turned into text when they are sent rather than when raised: the hot ones, whose payloads never change
 * afterwards.
 */
function send(ws: WebSocket, msg: unknown): void {
  if (ws.readyState === ws.OPEN) for (const f of frames(JSON.stringify(msg))) ws.send(f, () => {});
}

/**
 * A short message as one text message; a long one as binary parts of its UTF-8 text, each marked "more" or "last" (see
 * BINARY_FRAME_CHARS).
 */
export function frames(text: string): Array<string | Buffer> {
  if (text.length < BINARY_FRAME_CHARS) return [text];
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += WS_PART_BYTES) {
    const body = bytes.subarray(at, at + WS_PART_BYTES);
    const part = Buffer.allocUnsafe(body.length + 1);
    part[0] = at + WS_PART_BYTES < bytes.length ? 1 : 0;
    body.copy(part, 1);
    out.push(part);
  }
  return out;
}

function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, csp: string): void {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return plain(res, 400, 'bad path');
  }
  const file = staticFile(root, pathname);
  if (!file)
    return plain(res, 404, staticFile(root, '/') ? 'not found' : 'the renderer is not built: run npm run build');
  res.writeHead(200, {
    'Content-Type': contentType(file),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  if (req.method === 'HEAD') return void res.end();
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * One message from a page: measured, parsed as the envelope, dispatched; anything malformed gets an error and changes
 * nothing.
 */
async function answerPage(
  data: RawData,
  isBinary: boolean,
  to: { handlers: Handlers; log: (line: string) => void; reply: (msg: unknown) => void },
): Promise<void> {
  const { handlers, log, reply } = to;
  let env: z.infer<typeof Envelope>;
  let frame: unknown;
  try {
    if (isBinary) throw new Error('binary');
    frame = JSON.parse(data.toString());
    // SECURITY: a frame is measured before the envelope's schema reads it.
    const over = overLimits(frame);
    if (over) {
      log(`browser mode: refused a page message: it ${over}`);
      return reply({
        id: idOf(frame),
        reply: { ok: false, error: { code: 'bad-message', message: `refused: the message ${over}` } },
      });
    }
    env = Envelope.parse(frame);
  } catch {
    // SECURITY: a malformed message gets an error and changes nothing; its request, when its id can be read, gets the
    // answer.
    return reply({
      id: idOf(frame),
      reply: { ok: false, error: { code: 'bad-message', message: 'expected {"id", "method", "params"} as JSON text' } },
    });
  }
  const answer = await dispatch(handlers, env.method, env.params ?? {});
  try {
    reply({ id: env.id, reply: answer });
  } catch (err) {
    log(`browser mode: could not send a reply: ${(err as Error).message}`);
  }
}

type Item = { what: string; text?: string; msg?: unknown };

/**
 * Every event of the core, to every page. Events come in bursts (a call's update and its audit
 * entries, together). They are gathered for a frame (see eventWindow) and sent together, each page's socket corked for
 * the burst: one write a
 * page, and a call's answer (to an agent, or a server's next request) is not held up by its events,
 * nor its processes' cores taken by the page's. A call's update and an audit entry are turned into
 * text then too (see FROZEN_EVENTS); any other event now, as it is at this moment. A reply to a
 * page sends what waits first, so each page sees everything in the order it happened.
 */
function pushEvents(
  core: ConsoleCore,
  sockets: Set<WebSocket>,
  log: (line: string) => void,
): { flush(): void; close(): void } {
  const outbox: EventWindow<Item> = eventWindow(flush);
  const off = core.onEvent((event, payload) => {
    if (sockets.size === 0) return;
    const msg = { event, payload };
    outbox.push(FROZEN_EVENTS.has(event) ? { what: event, msg } : { what: event, text: JSON.stringify(msg) });
  });
  function flush(batch: Item[]): void {
    const corked: Array<{ uncork(): void }> = [];
    for (const ws of sockets) {
      // ws keeps its net.Socket private; corking it changes nothing but when the bytes leave.
      const raw = (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
      if (!raw) continue;
      raw.cork();
      corked.push(raw);
    }
    try {
      for (const item of batch) {
        let data: Array<string | Buffer>;
        try {
          data = frames(item.text ?? JSON.stringify(item.msg));
        } catch (err) {
          log(`browser mode: could not push ${item.what}: ${(err as Error).message}`);
          continue;
        }
        for (const ws of sockets) {
          if (ws.readyState !== ws.OPEN) continue;
          for (const f of data)
            ws.send(f, (err) => err && log(`browser mode: could not push ${item.what}: ${err.message}`));
        }
      }
    } finally {
      for (const raw of corked) raw.uncork();
    }
  }
  return { flush: () => outbox.flush(), close: () => (off(), outbox.close()) };
}
