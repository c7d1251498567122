/**
 * An agent's MCP connection over the bridge's socket, both eras as `serveStdio` serves them. Loaded
 * with the SDK's server on a bridge's first connection, not when the console starts.
 */
import type { Socket } from 'node:net';
import { StdioServerTransport, serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { boundTransport, type ConsoleCore } from '../../core/index.js';
import { agentServer } from './agent-server.js';

export function serveAgentSocket(
  core: ConsoleCore,
  agent: string,
  socket: Socket,
  log: (line: string) => void,
): StdioServerHandle {
  // SECURITY: the agent's messages pass the same boundary as a server's before the SDK reads them.
  const transport = boundTransport(new StdioServerTransport(socket, socket, { maxBufferSize: 64 * 1024 * 1024 }), {
    peer: 'agent',
    note: (line) => log(`agent socket (${agent}): ${line}`),
  });
  return serveStdio(() => agentServer(core, agent), {
    transport,
    onerror: (e) => log(`agent socket (${agent}): ${e.message}`),
  });
}
