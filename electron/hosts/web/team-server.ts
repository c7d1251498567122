import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createServer as createHttps } from 'node:https';
import { join, resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  answerClientError,
  PEER_TIMEOUTS,
  plainText as plain,
  readPlacedText,
  type ConsoleCore,
  type HandlerOptions,
  type TeamService,
} from '../../core/index.js';
import { CSP, pageCsp } from '../../../shared/csp.js';
import { PAGE_MESSAGE_MAX_BYTES } from '../../../shared/ws-frames.js';
import { answerPage, cookieOf, send, serveStatic } from './page-wire.js';
import { TeamPagesOpen } from './team-pages-open.js';
import { refusal, teamHandlers } from './team-access.js';
import { teamPage } from './team-pages.js';
import { MemorySessions, type TeamSession, type TeamSessions } from './team-sessions.js';
import type { TeamSignIn } from './team-sign-in.js';
import { TeamNotices } from './team-webhook.js';

/** What the page's HTML carries on a team service, so it connects with its cookie (there is no token to trade). */
export const TEAM_DOOR_META = '<meta name="mcp-console-door" content="team">';

export interface TeamServer {
  url: string;
  /** Where agents reach the gateway on this address (when the launcher handed it in). */
  agentsUrl?: string;
  port: number;
  close(): Promise<void>;
}

export interface TeamServerOptions {
  staticDir: string;
  log?: (line: string) => void;
  overrides?: HandlerOptions['overrides'];
  sessions?: TeamSessions;
  /** The webhook's first retry (doubling each time); tests shorten it. */
  webhookRetryMs?: number;
  /**
   * The approval gateway's requests, served at `/mcp` on the service's own address (the launcher hands it in: hosts do
   * not import each other). Agents anywhere reach it with their person's token, over the service's TLS.
   */
  agents?: (door: { base: string; ownHost(host: string): boolean }) => TeamAgents;
  /** Why the service cannot serve now (its shared store unreachable), or null: what `GET /healthz` answers. */
  unhealthy?: () => string | null;
}

/** Agents' requests, as the gateway answers them. */
export interface TeamAgents {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/**
 * The console as a team's service: the page and the contract behind the organisation's sign-in. Every page is a
 * signed-in person's, with their roles; the contract's requests are theirs (`console` with `person`), refused past
 * their roles (team-access.ts). Changes come only from the service's own origin: a sign-out is a POST carrying it, the
 * WebSocket's upgrade must carry it, and the session cookie is SameSite=Strict and HttpOnly.
 */
export async function startTeamServer(
  core: ConsoleCore,
  service: TeamService,
  signIn: TeamSignIn,
  opts: TeamServerOptions,
): Promise<TeamServer> {
  const door = new TeamDoor(core, service, signIn, opts);
  const server = service.tls
    ? createHttps({ ...PEER_TIMEOUTS, cert: service.tls.cert, key: service.tls.key }, (q, r) => door.run(q, r))
    : createHttp(PEER_TIMEOUTS, (q, r) => door.run(q, r));
  server.on('clientError', (err, socket) => answerClientError(err, socket));
  server.on('upgrade', (req, socket, head) => door.upgrade(req, socket, head));
  const { host, port: wanted } = service.file.listen;
  door.port = await new Promise<number>((ok, fail) => {
    server.once('error', fail);
    server.listen(wanted, host, () => {
      server.off('error', fail);
      const a = server.address();
      ok(typeof a === 'object' && a ? a.port : 0);
    });
  }).catch(async (e: Error) => {
    // Nothing listens: what the door started (its subscriptions, the webhook, the agents' handlers) ends with it.
    door.close();
    await door.agents?.close();
    throw new Error(`the team service could not listen on ${host}:${wanted}: ${e.message}`, { cause: e });
  });
  // MCP App views on an origin of their own: where the file says (people's browsers reach it), else 127.0.0.1.
  const views = service.views && { ...service.views, ...(service.tls && { tls: service.tls }) };
  try {
    door.viewsAt(await core.serveViews([service.origin], views));
  } catch (e) {
    door.close();
    await door.agents?.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    throw new Error(`MCP App views could not be served at ${service.views?.origin}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  return {
    url: service.origin + '/',
    agentsUrl: door.agents ? service.origin + '/mcp' : undefined,
    port: door.port,
    close: async () => {
      await door.agents?.close();
      door.close();
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** What the service answers: its sign-in's routes, the page's files, and the pages' WebSockets. */
class TeamDoor {
  port = 0;
  csp = CSP;
  private readonly log: (line: string) => void;
  private readonly sessions: TeamSessions;
  private readonly root: string;
  private indexHtml: string | undefined;
  /** Every page accepted here is a person's with a role: each gets the core's events. */
  private readonly open: TeamPagesOpen;
  private readonly wss: WebSocketServer;
  // SECURITY: with HTTPS in the browser the cookies are Secure and `__Host-` (this host only, every path).
  private readonly cookie: string;
  private readonly signInCookie: string;
  private readonly secure: string;
  private readonly baseHeaders: Record<string, string>;
  private readonly notices: TeamNotices;
  readonly agents: TeamAgents | undefined;
  /** The public address's host (and port): the name browsers and agents use. */
  private readonly publicHost: string;

  constructor(
    private readonly core: ConsoleCore,
    private readonly service: TeamService,
    private readonly signIn: TeamSignIn,
    private readonly opts: TeamServerOptions,
  ) {
    this.log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
    this.publicHost = new URL(service.origin).host;
    this.sessions = opts.sessions ?? new MemorySessions();
    this.root = resolve(opts.staticDir);
    try {
      const html = readPlacedText(join(this.root, 'index.html'), "the page's index.html", 1024 * 1024);
      this.indexHtml = html.replace('<head>', `<head>\n    ${TEAM_DOOR_META}`);
    } catch {
      /* not built: serveStatic says so */
    }
    this.cookie = service.secure ? '__Host-mcpc-team' : 'mcpc-team';
    this.signInCookie = service.secure ? '__Secure-mcpc-sign-in' : 'mcpc-sign-in';
    this.secure = service.secure ? '; Secure' : '';
    this.baseHeaders = service.secure ? { 'Strict-Transport-Security': 'max-age=31536000' } : {};
    this.open = new TeamPagesOpen(core, this.sessions, this.log);
    this.wss = new WebSocketServer({ noServer: true, maxPayload: PAGE_MESSAGE_MAX_BYTES });
    this.wss.on('error', (err) => this.log(`team: WebSocket server error: ${err.message}`));
    this.notices = new TeamNotices(core, service, this.log, opts.webhookRetryMs);
    this.agents = opts.agents?.({ base: service.origin, ownHost: (host) => this.ownHost(host) });
  }

  /** Where views are served from: the page's CSP (its header, and the meta in its HTML) frames only it. */
  viewsAt(origin: string): void {
    this.csp = pageCsp(origin);
    this.indexHtml = this.indexHtml?.replace('frame-src http://127.0.0.1:*', `frame-src ${origin}`);
  }

  run(req: IncomingMessage, res: ServerResponse): void {
    this.answer(req, res).catch((e: Error) => {
      this.log(`team: a request failed: ${e.message}`);
      if (!res.headersSent) plain(res, 500, 'the service could not answer this request; see its log');
      else res.destroy();
    });
  }

  close(): void {
    this.notices.close();
    this.open.close();
    this.wss.close();
  }

  /** SECURITY: DNS rebinding: only the service's own names. */
  private ownHost(host: string): boolean {
    const listen = this.service.file.listen.host;
    return host === this.publicHost || host === `${listen}:${this.port}` || host === `localhost:${this.port}`;
  }

  private sessionOf(req: IncomingMessage): Promise<TeamSession | undefined> {
    return this.sessions.find(cookieOf(req, this.cookie));
  }

  private redirect(res: ServerResponse, status: number, to: string, cookie?: string): void {
    res.writeHead(status, {
      ...this.baseHeaders,
      Location: to,
      'Cache-Control': 'no-store',
      ...(cookie && { 'Set-Cookie': cookie }),
    });
    res.end();
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The load balancer's check: any Host (it asks by the instance's address), nothing in it but whether it serves.
    if (req.url === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      const why = this.opts.unhealthy?.() ?? null;
      return plain(res, why === null ? 200 : 503, why === null ? 'ok' : `not serving: ${why}`);
    }
    if (!this.ownHost(req.headers.host ?? ''))
      return plain(res, 403, `refused: host ${JSON.stringify(req.headers.host ?? '')} is not this service`);
    const url = new URL(req.url ?? '/', this.service.origin);
    const path = url.pathname;
    // Agents: their token, no cookie and no Origin (the gateway refuses a page's requests).
    if (path === '/mcp' && this.agents) return this.agents.handle(req, res);
    if (path === '/auth/login' && req.method === 'GET') {
      const started = await this.signIn.begin();
      // Lax: the provider's redirect back is a cross-site navigation, and must carry it.
      const c = `${this.signInCookie}=${started.id}; HttpOnly; SameSite=Lax; Path=/auth; Max-Age=600${this.secure}`;
      return this.redirect(res, 302, started.url, c);
    }
    if (path === '/auth/callback' && req.method === 'GET') return this.callback(req, res, url);
    if (path === '/auth/logout' && req.method === 'POST') return this.logout(req, res);
    if (path === '/auth/signed-out')
      return teamPage(res, 200, { title: 'Signed out', lines: ['You are signed out of MCP Console.'], signIn: true });
    // SECURITY: nothing else changes state; only the page's files, to a signed-in person with a role.
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed');
    const s = await this.sessionOf(req);
    const index = path === '/' || path === '/index.html';
    if (!s) return index ? this.redirect(res, 302, '/auth/login') : plain(res, 401, 'sign in first: /auth/login');
    if (s.roles.length === 0) return this.noRole(res, s);
    if (!index || this.indexHtml === undefined) return serveStatic(this.root, req, res, this.csp);
    res.writeHead(200, {
      ...this.baseHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': this.csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : this.indexHtml);
  }

  private async callback(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let who;
    try {
      const error = url.searchParams.get('error');
      if (error) throw new Error(`the provider said ${error}: ${url.searchParams.get('error_description') ?? ''}`);
      who = await this.signIn.finish(cookieOf(req, this.signInCookie), url);
    } catch (e) {
      const why = (e as Error).message.slice(0, 500);
      this.core.team().note('team-sign-in-refused', undefined, `a sign-in was refused: ${why}`);
      this.log(`team: a sign-in was refused: ${why}`);
      return teamPage(res, 403, { title: 'Sign-in refused', lines: [why], signIn: true }, this.baseHeaders);
    }
    const hours = this.service.file.sessionHours;
    const { value } = await this.sessions.open(who, hours);
    this.core.team().note('team-signed-in', who.person, `${who.person.name} signed in`, {
      roles: who.roles,
      groups: who.groups.slice(0, 50),
    });
    // Strict: sent only by this service's own pages. The step to the console is this page's (same-site), so the
    // cookie goes with it; a redirect from here would still be the provider's navigation, and carry no Strict cookie.
    const cookies = [
      `${this.cookie}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.round(hours * 3600)}${this.secure}`,
      `${this.signInCookie}=; HttpOnly; SameSite=Lax; Path=/auth; Max-Age=0${this.secure}`,
    ];
    const page = { title: 'Signed in', lines: [`Signed in as ${who.person.name}.`], refresh: '/' };
    teamPage(res, 200, page, { ...this.baseHeaders, 'Set-Cookie': cookies });
  }

  private async logout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.resume();
    // SECURITY: CSRF: a sign-out is taken only from a page of this service.
    if (req.headers.origin !== this.service.origin)
      return plain(res, 403, 'refused: a sign-out comes only from a page of this service');
    const s = await this.sessionOf(req);
    if (s) await this.open.end(s, 'signed out');
    this.redirect(
      res,
      303,
      '/auth/signed-out',
      `${this.cookie}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0${this.secure}`,
    );
  }

  private noRole(res: ServerResponse, s: TeamSession): void {
    const lines = [
      `You are signed in as ${s.person.name}, but none of your groups gives you a role on this MCP Console.`,
      'Ask the service’s admin to add you to a group for members, approvers, admins or auditors.',
    ];
    teamPage(res, 403, { title: 'No role on this service', lines, signOut: true }, this.baseHeaders);
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => this.log(`team: connection error during upgrade: ${err.message}`));
    this.sessionOf(req).then(
      (s) => this.upgradeAs(s, req, socket, head),
      (e: Error) => {
        this.log(`team: a session could not be read: ${e.message}`);
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      },
    );
  }

  private upgradeAs(s: TeamSession | undefined, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // SECURITY: cross-site WebSocket hijacking: the upgrade must come from this service's page, with a live session.
    const refused = !this.ownHost(req.headers.host ?? '')
      ? 'not this service'
      : req.headers.origin !== this.service.origin
        ? 'not a page of this service'
        : new URL(req.url ?? '/', this.service.origin).pathname !== '/ws'
          ? 'not the WebSocket path'
          : !s
            ? 'not signed in'
            : s.roles.length === 0
              ? 'no role on this service'
              : null;
    if (refused || !s) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nrefused: ${refused}`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, s));
  }

  private accept(ws: WebSocket, s: TeamSession): void {
    this.open.add(ws, s);
    this.core.frontEndOpened();
    ws.on('error', (err) => this.log(`team: closed a page connection after a bad frame: ${err.message}`));
    const handlers = teamHandlers(
      this.core.handlers({
        requester: { kind: 'console', person: s.person },
        member: { roles: s.roles, groups: s.groups },
        overrides: { ...this.opts.overrides, 'console.person': () => ({ person: s.person, roles: s.roles }) },
      }),
      s,
    );
    const refuse = (method: string) => refusal(s, method);
    const reply = (msg: unknown) => (this.open.outbox.flush(), send(ws, msg));
    ws.on('message', (data, isBinary) => {
      // A session that ran out closes its pages at their next message (and within 30 s if they say nothing).
      if (s.until <= Date.now()) return this.open.runOut();
      void answerPage(data, isBinary, { handlers, log: this.log, reply, refuse }).catch((err: Error) =>
        this.log(`team: a message could not be handled: ${err.message}`),
      );
    });
  }
}
