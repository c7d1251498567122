import { ProtocolError, Server } from '@modelcontextprotocol/server';
import { CoreError, type ConsoleCore } from '../../core/index.js';
import { GATEWAY_INFO } from './gateway-info.js';

/** Tools per tools/list page. */
export const PAGE = 1000;

/**
 * The MCP server one agent talks to (one instance per connection, or per request in the stateless
 * era): the tools it may see, each call through the console's gate. What the agent sends is
 * checked by the SDK against the spec's schemas; what it may do is decided in the core.
 */
export function agentServer(core: ConsoleCore, agent: string): Server {
  const server = new Server(GATEWAY_INFO, {
    // resources: the MCP App views its tools link, so the agent's host can render them (nothing else is listed).
    capabilities: { tools: { listChanged: true }, resources: {} },
    instructions:
      'Tools of the servers this agent was granted in MCP Console, named <server>.<tool>. Every call waits for the person at MCP Console ' +
      '(or a standing grant they made); a refusal comes back as a tool error saying why.',
  });
  server.setRequestHandler('tools/list', async (req) => {
    await core
      .agentDoor()
      .prepare(agent)
      .catch(() => undefined);
    const tools = visible(core, agent);
    const start = req.params?.cursor === undefined ? 0 : Number(req.params.cursor);
    if (!Number.isInteger(start) || start < 0 || start > tools.length)
      throw new ProtocolError(-32602, 'invalid cursor');
    const page = tools.slice(start, start + PAGE).map((t) => t.def);
    return { tools: page as never, ...(start + PAGE < tools.length && { nextCursor: String(start + PAGE) }) };
  });
  server.setRequestHandler('tools/call', async (req, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken ?? req.params._meta?.progressToken;
    const onProgress =
      token === undefined
        ? undefined
        : (p: { progress: number; total?: number; message?: string }) =>
            void ctx.mcpReq
              .notify({ method: 'notifications/progress', params: { progressToken: token, ...p } })
              .catch(() => {});
    try {
      return (await core
        .agentDoor()
        .call(agent, req.params.name, req.params.arguments ?? {}, { signal: ctx.mcpReq.signal, onProgress })) as never;
    } catch (e) {
      if (e instanceof CoreError && e.code === 'unknown-tool') throw new ProtocolError(-32602, e.message);
      if (e instanceof CoreError)
        return { content: [{ type: 'text', text: `MCP Console: ${e.message}` }], isError: true };
      throw e;
    }
  });
  server.setRequestHandler('resources/list', async () => ({ resources: await core.agentDoor().viewList(agent) }));
  server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', async (req) => {
    try {
      return (await core.agentDoor().readView(agent, req.params.uri)) as never;
    } catch (e) {
      // The spec's "resource not found"; what the server itself answered goes back as it came.
      if (e instanceof CoreError) throw new ProtocolError(-32002, e.message);
      throw e;
    }
  });
  return server;
}

/** The agent's tools; a revoked or unknown agent sees none (its calls are refused with the reason). */
function visible(core: ConsoleCore, agent: string) {
  try {
    return core.agentDoor().tools(agent);
  } catch (e) {
    if (e instanceof CoreError) return [];
    throw e;
  }
}
