import type { ConsoleCore } from '../core/index.js';
import { startAgentEndpoint } from './agent-http.js';
import { startAgentSocket } from './agent-socket.js';
import { consoleRunning } from './local-channel.js';

export interface Gateway {
  /** The HTTP endpoint agents post to. */
  url: string;
  /** The local channel the bridge uses. */
  socket: string;
  close(): Promise<void>;
}

/** Starts the approval gateway of a running console: the HTTP endpoint, the bridge's local channel, and the watch on agents.json. */
export async function startGateway(core: ConsoleCore, dataDir: string, opts: { port?: number; log?: (line: string) => void } = {}): Promise<Gateway> {
  // One console serves the agents of a data directory: a second would take the first one's socket.
  const other = consoleRunning(dataDir);
  if (other !== null) throw new Error(`another MCP Console (process ${other}) already serves agents for ${dataDir}; stop it, or use another --data-dir`);
  const http = await startAgentEndpoint(core, opts);
  let socket;
  try {
    socket = await startAgentSocket(core, dataDir, http.url, opts.log);
  } catch (e) {
    await http.close();
    throw e;
  }
  core.agents.watchFile();
  return {
    url: http.url,
    socket: socket.path,
    close: async () => {
      await socket.close();
      await http.close();
    },
  };
}
