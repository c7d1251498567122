import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createMcpHandler, isLegacyRequest, type McpHttpHandler, type Server } from '@modelcontextprotocol/server';
import { answerClientError, PEER_TIMEOUTS, listenLoopback, ownHosts, plainText as plain, type ConsoleCore } from '../core/index.js';
import { agentServer } from './agent-server.js';
import { MAX_BODY_BYTES, readRequest, sendWebResponse, toWebRequest } from './node-fetch-bridge.js';
import { fail, SessionTransport } from './session-transport.js';
import { overLimits } from '../../shared/boundary.js';

/** 2025-era sessions one agent may hold open at once (a host holds one; a few more for restarts). */
export const MAX_SESSIONS_PER_AGENT = 16;

/** The path agents post to. */
export const AGENT_PATH = '/mcp';

export interface AgentEndpoint {
  url: string;
  port: number;
  /** The port asked for, when another program held it and a free one was taken instead. */
  taken?: number;
  close(): Promise<void>;
}

interface LegacySession {
  agent: string;
  transport: SessionTransport;
  server: Server;
}

/** The agents' routes: who is asking (its bearer token), then its 2026-07-28 handler or its 2025 session. */
class AgentRoutes {
  readonly modern = new Map<string, McpHttpHandler>();
  readonly sessions = new Map<string, LegacySession>();
  /** The port listened on, once it is known (the Host check needs it). */
  port = 0;

  constructor(
    private readonly core: ConsoleCore,
    private readonly log: (line: string) => void,
  ) {}

  /** An agent's 2026-07-28 handler, made on its first request. */
  modernFor(agent: string): McpHttpHandler {
    let h = this.modern.get(agent);
    if (!h) {
      h = createMcpHandler(() => agentServer(this.core, agent), {
        legacy: 'reject',
        maxRequestBodySize: MAX_BODY_BYTES,
        onerror: (e) => this.log(`agent endpoint: ${e.message}`),
      });
      this.modern.set(agent, h);
    }
    return h;
  }

  /** What an agent sees changed: its list-changed notifications, both eras. */
  visibleChanged(agent: string): void {
    this.modern.get(agent)?.notify.toolsChanged();
    for (const s of this.sessions.values()) if (s.agent === agent) void s.server.sendToolListChanged().catch(() => {});
  }

  /** An agent was revoked. */
  revoked(agent: string): void {
    // New requests are refused at once (the token is checked on each); what was in flight gets its
    // error result first, then the agent's streams (listen, session) are closed.
    const h = this.modern.get(agent);
    this.modern.delete(agent);
    const gone = [...this.sessions].filter(([, s]) => s.agent === agent);
    for (const [id] of gone) this.sessions.delete(id);
    setTimeout(() => {
      void h?.close();
      for (const [, s] of gone) void s.server.close().catch(() => {});
    }, 1000).unref();
  }

  /** One request: this listener, no page, a known agent, a body within the limits; then its session, or its era's handler. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // SECURITY: DNS rebinding and browsers: the Host must be this listener, and a page's Origin is refused.
    const host = req.headers.host ?? '';
    if (!ownHosts(this.port).has(host)) return plain(res, 403, `refused: host ${JSON.stringify(host)} is not this console`);
    if (req.headers.origin !== undefined) return plain(res, 403, 'refused: agents do not send an Origin; a web page may not use this endpoint');
    const path = req.url ?? '/';
    if (path !== AGENT_PATH && !path.startsWith(`${AGENT_PATH}?`)) return plain(res, 404, `not found: agents use ${AGENT_PATH}`);
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/i.exec(auth)?.[1];
    const agent = token ? this.core.agentDoor().authenticate(token) : undefined;
    if (!agent) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="mcp-console", error="invalid_token"');
      return plain(res, 401, token ? 'refused: this token is unknown or was revoked' : 'refused: send the agent token as "Authorization: Bearer <token>"');
    }
    const body = await readRequest(req);
    if (!body) return plain(res, 413, `refused: the body is over ${MAX_BODY_BYTES} bytes`);
    // SECURITY: measured before the SDK or the gateway reads it.
    const over = body.parsed === undefined ? undefined : overLimits(body.parsed);
    if (over) {
      this.log(`agent endpoint (${agent.name}): refused a request: it ${over}`);
      return fail(res, 400, -32600, `refused by MCP Console: the request ${over}`);
    }
    // A 2025 session's requests go straight to it (only 2025-era exchanges carry a session).
    const sid = req.headers['mcp-session-id'];
    const session = typeof sid === 'string' ? this.sessions.get(sid) : undefined;
    if (session) {
      // SECURITY: another agent's session is no session for this one.
      if (session.agent !== agent.name) return plain(res, 404, 'no such session');
      return session.transport.handle(req, res, body.parsed);
    }
    const request = toWebRequest(req, res, `http://127.0.0.1:${this.port}`, body);
    // Routed on the body parsed once (a body that is not JSON is read by the SDK from the request itself).
    const options = body.parsed === undefined ? undefined : { parsedBody: body.parsed };
    if (await isLegacyRequest(request, body.parsed, { maxRequestBodySize: MAX_BODY_BYTES })) return this.legacy(agent.name, req, res, body.parsed);
    return sendWebResponse(res, await this.modernFor(agent.name).fetch(request, options));
  }

  /** A 2025-era exchange outside any open session: an initialize opens one, bound to the agent that sent it. */
  private async legacy(agent: string, req: IncomingMessage, res: ServerResponse, parsed: unknown): Promise<void> {
    if (req.headers['mcp-session-id'] !== undefined) return plain(res, 404, 'no such session');
    if (req.method === 'POST' && parsed === undefined) return fail(res, 400, -32700, 'Parse error: Invalid JSON');
    const init = (Array.isArray(parsed) ? parsed : [parsed]).some((m) => (m as { method?: unknown } | null)?.method === 'initialize');
    if (req.method !== 'POST' || !init) return fail(res, 400, -32000, 'Bad Request: Server not initialized');
    const server = agentServer(this.core, agent);
    const transport: SessionTransport = new SessionTransport({
      onsessioninitialized: (sid) => {
        this.sessions.set(sid, { agent, transport, server });
        // Bounded: an agent that opens sessions and never closes them loses its oldest ones.
        const mine = [...this.sessions].filter(([, x]) => x.agent === agent);
        for (const [id, x] of mine.slice(0, Math.max(0, mine.length - MAX_SESSIONS_PER_AGENT))) {
          this.sessions.delete(id);
          void x.server.close().catch(() => {});
        }
      },
      onsessionclosed: (sid) => void this.sessions.delete(sid),
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    transport.handle(req, res, parsed);
  }

  async close(): Promise<void> {
    await Promise.all([...this.modern.values()].map((h) => h.close().catch(() => {})));
    await Promise.all([...this.sessions.values()].map((s) => s.server.close().catch(() => {})));
  }
}

/**
 * The approval gateway over Streamable HTTP on 127.0.0.1: each agent presents its bearer token and
 * sees only what it was granted. Both eras: a 2026-07-28 agent is served per request (its list
 * changes on subscriptions/listen); a 2025 agent gets a session (its list changes on the session's
 * stream). The token is checked on every request, so a revoked agent is refused at once.
 */
export async function startAgentEndpoint(
  core: ConsoleCore,
  opts: {
    port?: number;
    log?: (line: string) => void;
    /** When the port is taken, take a free one instead (and say which was taken). */ orAnyPort?: boolean;
  } = {},
): Promise<AgentEndpoint> {
  const log = opts.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const routes = new AgentRoutes(core, log);
  const offVisible = core.agentDoor().onVisibleChanged((agent) => routes.visibleChanged(agent));
  const offRevoked = core.agentDoor().onRevoked((agent) => routes.revoked(agent));
  const http = createServer(PEER_TIMEOUTS, (req, res) => {
    routes.handle(req, res).catch((e: Error) => {
      log(`agent endpoint: a request failed: ${e.message}`);
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.destroy();
    });
  });
  http.on('clientError', (err, socket) => answerClientError(err, socket));

  let taken: number | undefined;
  const port = await listenLoopback(http, opts.port).catch((e: NodeJS.ErrnoException) => {
    if (!opts.orAnyPort || e.code !== 'EADDRINUSE') throw e;
    taken = opts.port;
    return listenLoopback(http, 0);
  });
  routes.port = port;
  return {
    url: `http://127.0.0.1:${port}${AGENT_PATH}`,
    port,
    ...(taken !== undefined && { taken }),
    close: async () => {
      offVisible();
      offRevoked();
      await routes.close();
      const closed = new Promise<void>((r) => http.close(() => r()));
      http.closeAllConnections();
      await closed;
    },
  };
}
