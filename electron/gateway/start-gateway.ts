import type { ConsoleCore } from '../core/index.js';
import { startAgentEndpoint } from './agent-http.js';
import { startAgentSocket } from './agent-socket.js';

export interface Gateway {
  /** The HTTP endpoint agents post to. */
  url: string;
  /** The local channel the bridge uses. */
  socket: string;
  close(): Promise<void>;
}

/** Starts the approval gateway of a running console: the HTTP endpoint, the bridge's local channel, and the watch on agents.json. */
export async function startGateway(core: ConsoleCore, dataDir: string, opts: { port?: number; log?: (line: string) => void } = {}): Promise<Gateway> {
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
