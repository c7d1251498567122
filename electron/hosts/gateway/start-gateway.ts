import { startAgentEndpoint } from './agent-http.js';
import { parseMeasured } from '../../../shared/boundary.js';
import { startAgentSocket } from './agent-socket.js';
import { consoleRunning } from './local-channel.js';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { readPlacedText, writeFileAtomic, type ConsoleCore } from '../../core/index.js';

/** Where the agent endpoint's port is kept between starts. */
export const portFile = (dataDir: string) => join(dataDir, 'agent-endpoint.json');

function readSavedPort(dataDir: string): number | undefined {
  try {
    const port = (
      parseMeasured(readPlacedText(portFile(dataDir), 'the port file', 64 * 1024), 'the port file') as {
        port?: unknown;
      }
    ).port;
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65535 ? port : undefined;
  } catch {
    return undefined;
  }
}

function savePort(dataDir: string, port: number): void {
  try {
    writeFileAtomic(portFile(dataDir), JSON.stringify({ port }) + '\n');
  } catch {
    /* a read-only data directory: the port is chosen afresh next time */
  }
}

export interface Gateway {
  /** The HTTP endpoint agents post to. */
  url: string;
  /** What a person must know about the endpoint (its saved port was taken), or undefined. */
  problem?: string;
  /** The local channel the bridge uses. */
  socket: string;
  close(): Promise<void>;
}

/**
 * Starts the approval gateway of a running console: the HTTP endpoint, the bridge's local channel, and the watch on
 * agents.json.
 */
export async function startGateway(
  core: ConsoleCore,
  dataDir: string,
  opts: {
    port?: number;
    log?: (line: string) => void;
    /** The command line's end of the local socket (see startAgentSocket). */
    commandLine?: (socket: Socket, rest: Buffer) => void;
  } = {},
): Promise<Gateway> {
  // One console serves the agents of a data directory: a second would take the first one's socket.
  const other = consoleRunning(dataDir);
  if (other !== null)
    throw new Error(
      `another MCP Console (process ${other}) already serves agents for ${dataDir}; stop it, or use another --data-dir`,
    );
  // The endpoint keeps the port it first had (agents' configs name it): saved once, reused on every start.
  const saved = readSavedPort(dataDir);
  const asked = opts.port && opts.port > 0 ? opts.port : undefined;
  const http = await startAgentEndpoint(core, {
    ...opts,
    port: asked ?? saved ?? 0,
    orAnyPort: asked === undefined && saved !== undefined,
  });
  if (http.taken === undefined && http.port !== saved) savePort(dataDir, http.port);
  const problem =
    http.taken === undefined
      ? undefined
      : `the agent endpoint's port ${http.taken} (saved in ${portFile(dataDir)}, so that agents' configs keep working) is taken by another program; agents are served on port ${http.port} for now, which their configs do not name. Free port ${http.taken} and restart, or start with --agent-port ${http.port} and give the agents the new configs from the Agents tab`;
  let socket;
  try {
    socket = await startAgentSocket(core, dataDir, http.url, opts.log, opts.commandLine);
  } catch (e) {
    await http.close();
    throw e;
  }
  core.agentDoor().watchFile();
  return {
    url: http.url,
    ...(problem && { problem }),
    socket: socket.path,
    close: async () => {
      await socket.close();
      await http.close();
    },
  };
}
