/**
 * What serves agents over HTTP once one has asked: the SDK's server (loaded with this module on an
 * agent's first request, not at start: about 3 MB of the serving process that no console without
 * agents needs), a 2026-07-28 handler per agent and the 2025 sessions.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, isLegacyRequest, type McpHttpHandler, type Server } from '@modelcontextprotocol/server';
import { plainText as plain, type ConsoleCore } from '../../core/index.js';
import { agentServer } from './agent-server.js';
import { fail, MAX_BODY_BYTES, sendWebResponse, toWebRequest, type ReadBody } from './http-adapter.js';
import { SessionTransport } from './session-transport.js';

/** 2025-era sessions one agent may hold open at once (a host holds one; a few more for restarts). */
export const MAX_SESSIONS_PER_AGENT = 16;

interface LegacySession {
  agent: string;
  transport: SessionTransport;
  server: Server;
}

/** The agents' routes once an agent is known: its 2026-07-28 handler or its 2025 session. */
export class AgentRoutes {
  readonly modern = new Map<string, McpHttpHandler>();
  readonly sessions = new Map<string, LegacySession>();

  constructor(
    private readonly core: ConsoleCore,
    private readonly log: (line: string) => void,
    /** The address requests are read against (this listener's, or a team service's). */
    private readonly base: () => string,
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

  /**
   * One request of an agent its token named, its body read and within the limits: its 2025 session, or its era's
   * handler.
   */
  async handle(agent: string, req: IncomingMessage, res: ServerResponse, body: ReadBody): Promise<void> {
    // A 2025 session's requests go straight to it (only 2025-era exchanges carry a session).
    const sid = req.headers['mcp-session-id'];
    const session = typeof sid === 'string' ? this.sessions.get(sid) : undefined;
    if (session) {
      // SECURITY: another agent's session is no session for this one.
      if (session.agent !== agent) return plain(res, 404, 'no such session');
      return session.transport.handle(req, res, body.parsed);
    }
    const request = toWebRequest(req, res, this.base(), body);
    // Routed on the body parsed once (a body that is not JSON is read by the SDK from the request itself).
    const options = body.parsed === undefined ? undefined : { parsedBody: body.parsed };
    if (await isLegacyRequest(request, body.parsed, { maxRequestBodySize: MAX_BODY_BYTES }))
      return this.legacy(agent, req, res, body.parsed);
    return sendWebResponse(res, await this.modernFor(agent).fetch(request, options));
  }

  /** A 2025-era exchange outside any open session: an initialize opens one, bound to the agent that sent it. */
  private async legacy(agent: string, req: IncomingMessage, res: ServerResponse, parsed: unknown): Promise<void> {
    if (req.headers['mcp-session-id'] !== undefined) return plain(res, 404, 'no such session');
    if (req.method === 'POST' && parsed === undefined) return fail(res, 400, -32700, 'Parse error: Invalid JSON');
    const init = (Array.isArray(parsed) ? parsed : [parsed]).some(
      (m) => (m as { method?: unknown } | null)?.method === 'initialize',
    );
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
