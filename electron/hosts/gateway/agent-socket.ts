import { createServer, type Socket } from 'node:net';
import type { StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { CoreError, type ConsoleCore } from '../../core/index.js';
import type * as AgentStdio from './agent-stdio.js';
import { prepareSocketDir, removeAddress, socketPath, writeAddress } from './local-channel.js';

/**
 * The first line a bridge sends names its agent; the console answers with one line too. A command of the command line
 * sends `{"commandLine":1}` instead, and is handed to the command line's own end.
 */
const MAX_HELLO = 1024;

export interface AgentSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * The bridge's end in the console: a local socket only this user can open. A bridge says which
 * agent it carries; from then on the connection is that agent's MCP connection (both eras, as
 * `serveStdio` serves them), until the agent is revoked or either side goes.
 */
export function startAgentSocket(
  core: ConsoleCore,
  dataDir: string,
  httpUrl?: string,
  log: (line: string) => void = () => {},
  /** Serves a command's connection (the launch hands in the command line's end; this host imports no other). */
  commandLine?: (socket: Socket, rest: Buffer) => void,
): Promise<AgentSocket> {
  const path = socketPath(dataDir);
  prepareSocketDir(path);
  const open = new Map<Socket, { agent?: string; handle?: StdioServerHandle }>();
  let serving: Promise<typeof AgentStdio> | undefined;
  const offRevoked = core.agentDoor().onRevoked((agent) => {
    for (const [s, c] of open) if (c.agent === agent) s.destroy();
  });

  const server = createServer((socket) => {
    open.set(socket, {});
    socket.on('close', () => {
      void open.get(socket)?.handle?.close();
      open.delete(socket);
    });
    socket.on('error', () => socket.destroy());
    let buf = Buffer.alloc(0);
    const onHello = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const nl = buf.indexOf(0x0a);
      if (nl < 0) {
        if (buf.length > MAX_HELLO) socket.destroy();
        return;
      }
      socket.off('data', onHello);
      socket.pause();
      const rest = buf.subarray(nl + 1);
      let agent: string;
      try {
        const hello = JSON.parse(buf.subarray(0, nl).toString('utf8')) as { agent?: unknown; commandLine?: unknown };
        if (hello.commandLine === 1 && commandLine) {
          socket.write(JSON.stringify({ ok: true }) + '\n');
          return commandLine(socket, rest);
        }
        if (typeof hello.agent !== 'string') throw new CoreError('bad-hello', 'the bridge did not name its agent');
        agent = core.agentDoor().active(hello.agent).name;
      } catch (e) {
        socket.end(JSON.stringify({ ok: false, error: (e as Error).message }) + '\n');
        return;
      }
      open.set(socket, { agent });
      // The SDK's server is loaded on a bridge's first connection (agent-stdio.ts), not at start.
      (serving ??= import('./agent-stdio.js')).then(
        ({ serveAgentSocket }) => {
          if (socket.destroyed) return; // gone, or its agent revoked, while it loaded
          socket.write(JSON.stringify({ ok: true }) + '\n');
          if (rest.length) socket.unshift(rest);
          open.set(socket, { agent, handle: serveAgentSocket(core, agent, socket, log) });
          // The transport starts listening within this turn; flowing starts once it does.
          setImmediate(() => socket.resume());
        },
        (e: Error) =>
          socket.end(JSON.stringify({ ok: false, error: `the console cannot serve agents: ${e.message}` }) + '\n'),
      );
    };
    socket.on('data', onHello);
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      writeAddress(dataDir, { socket: path, http: httpUrl, pid: process.pid });
      resolvePromise({
        path,
        close: async () => {
          offRevoked();
          for (const s of open.keys()) s.destroy();
          await new Promise<void>((r) => server.close(() => r()));
          removeAddress(dataDir, path);
        },
      });
    });
  });
}
