import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  answerClientError,
  PEER_TIMEOUTS,
  listenLoopback,
  ownHosts,
  plainText as plain,
  type ConsoleCore,
} from '../../core/index.js';
import type { AgentRoutes } from './agent-routes.js';
import { fail, MAX_BODY_BYTES, readRequest, type ReadBody } from './http-adapter.js';
import { overLimits } from '../../../shared/boundary.js';

/** The path agents post to. */
export const AGENT_PATH = '/mcp';

export interface AgentEndpoint {
  url: string;
  port: number;
  /** The port asked for, when another program held it and a free one was taken instead. */
  taken?: number;
  close(): Promise<void>;
}

/**
 * Who is asking, and with what: this listener, no page, a known agent (its bearer token), a body
 * within the limits. Anything else is answered here, before the SDK is loaded or reads it.
 */
async function admitted(
  core: ConsoleCore,
  ownHost: (host: string) => boolean,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
): Promise<{ agent: string; body: ReadBody } | void> {
  // SECURITY: DNS rebinding and browsers: the Host must be this listener, and a page's Origin is refused.
  const host = req.headers.host ?? '';
  if (!ownHost(host)) return plain(res, 403, `refused: host ${JSON.stringify(host)} is not this console`);
  if (req.headers.origin !== undefined)
    return plain(res, 403, 'refused: agents do not send an Origin; a web page may not use this endpoint');
  const path = req.url ?? '/';
  if (path !== AGENT_PATH && !path.startsWith(`${AGENT_PATH}?`))
    return plain(res, 404, `not found: agents use ${AGENT_PATH}`);
  const auth = req.headers.authorization ?? '';
  const token = /^Bearer (\S+)$/i.exec(auth)?.[1];
  const agent = token ? core.agentDoor().authenticate(token) : undefined;
  if (!agent) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="mcp-console", error="invalid_token"');
    return plain(
      res,
      401,
      token
        ? 'refused: this token is unknown or was revoked'
        : 'refused: send the agent token as "Authorization: Bearer <token>"',
    );
  }
  const body = await readRequest(req);
  if (!body) return plain(res, 413, `refused: the body is over ${MAX_BODY_BYTES} bytes`);
  // SECURITY: measured before the SDK or the gateway reads it.
  const over = body.parsed === undefined ? undefined : overLimits(body.parsed);
  if (over) {
    log(`agent endpoint (${agent.name}): refused a request: it ${over}`);
    return fail(res, 400, -32600, `refused by MCP Console: the request ${over}`);
  }
  return { agent: agent.name, body };
}

/** What answers agents' requests, wherever they arrive (this host's own endpoint, or a team service's address). */
export interface AgentRequests {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/**
 * Agents' requests to the approval gateway: admitted (the Host one of `ownHost`'s, no Origin, a known token, a body in
 * bounds), then served by the SDK's handlers, loaded on the first agent's request. `base` is the address requests are
 * read against.
 */
export function agentRequests(
  core: ConsoleCore,
  opts: { base: () => string; ownHost: (host: string) => boolean; log: (line: string) => void },
): AgentRequests {
  const { log } = opts;
  // The SDK's server is loaded on an agent's first request (agent-routes.ts); until then no agent has a session to
  // tell.
  let routes: AgentRoutes | undefined;
  let loading: Promise<AgentRoutes> | undefined;
  const loaded = (): Promise<AgentRoutes> =>
    (loading ??= import('./agent-routes.js').then(
      ({ AgentRoutes }) => (routes = new AgentRoutes(core, log, opts.base)),
    ));
  const offVisible = core.agentDoor().onVisibleChanged((agent) => routes?.visibleChanged(agent));
  const offRevoked = core.agentDoor().onRevoked((agent) => routes?.revoked(agent));
  return {
    handle: async (req, res) => {
      const asked = await admitted(core, opts.ownHost, req, res, log);
      if (asked) await (await loaded()).handle(asked.agent, req, res, asked.body);
    },
    close: async () => {
      offVisible();
      offRevoked();
      // What could not load serves nothing to close.
      await loading?.then(
        (r) => r.close(),
        () => {},
      );
    },
  };
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
  let port = 0;
  const agents = agentRequests(core, {
    base: () => `http://127.0.0.1:${port}`,
    ownHost: (host) => ownHosts(port).has(host),
    log,
  });
  const http = createServer(PEER_TIMEOUTS, (req, res) => {
    agents.handle(req, res).catch((e: Error) => {
      log(`agent endpoint: a request failed: ${e.message}`);
      if (!res.headersSent) plain(res, 500, 'internal error');
      else res.destroy();
    });
  });
  http.on('clientError', (err, socket) => answerClientError(err, socket));

  let taken: number | undefined;
  port = await listenLoopback(http, opts.port).catch((e: NodeJS.ErrnoException) => {
    if (!opts.orAnyPort || e.code !== 'EADDRINUSE') throw e;
    taken = opts.port;
    return listenLoopback(http, 0);
  });
  return {
    url: `http://127.0.0.1:${port}${AGENT_PATH}`,
    port,
    ...(taken !== undefined && { taken }),
    close: async () => {
      await agents.close();
      const closed = new Promise<void>((r) => http.close(() => r()));
      http.closeAllConnections();
      await closed;
    },
  };
}
