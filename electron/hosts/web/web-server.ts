import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { CONSOLE_USER } from '../../../shared/schemas/requester.js';
import {
  answerClientError,
  PEER_TIMEOUTS,
  listenLoopback,
  plainText as plain,
  type ConsoleCore,
  type HandlerOptions,
} from '../../core/index.js';
import { checkHostAndOrigin, tokenMatches } from './guards.js';
import { MAX_SESSIONS, sessionHash } from './page-endpoint.js';
import { answerPage, cookieOf, pushEvents, send, serveStatic } from './page-wire.js';
import { CSP, pageCsp } from '../../../shared/csp.js';
import { PAGE_MESSAGE_MAX_BYTES } from '../../../shared/ws-frames.js';

/** The largest message a page may send (a pasted config or large arguments fit). */
export const MAX_MESSAGE_BYTES = PAGE_MESSAGE_MAX_BYTES;

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
