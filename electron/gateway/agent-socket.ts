import { createServer, type Socket } from 'node:net';
import { StdioServerTransport, serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { boundTransport, CoreError, type ConsoleCore } from '../core/index.js';
import { agentServer } from './agent-server.js';
import { prepareSocketDir, removeAddress, socketPath, writeAddress } from './local-channel.js';

/** The first line a bridge sends names its agent; the console answers with one line too. */
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
export function startAgentSocket(core: ConsoleCore, dataDir: string, httpUrl?: string, log: (line: string) => void = () => {}): Promise<AgentSocket> {
  const path = socketPath(dataDir);
  prepareSocketDir(path);
  const open = new Map<Socket, { agent?: string; handle?: StdioServerHandle }>();
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
        const hello = JSON.parse(buf.subarray(0, nl).toString('utf8')) as { agent?: unknown };
        if (typeof hello.agent !== 'string') throw new CoreError('bad-hello', 'the bridge did not name its agent');
        agent = core.agentDoor().active(hello.agent).name;
      } catch (e) {
        socket.end(JSON.stringify({ ok: false, error: (e as Error).message }) + '\n');
        return;
      }
      socket.write(JSON.stringify({ ok: true }) + '\n');
      if (rest.length) socket.unshift(rest);
      // SECURITY: the agent's messages pass the same boundary as a server's before the SDK reads them.
      const transport = boundTransport(new StdioServerTransport(socket, socket, { maxBufferSize: 64 * 1024 * 1024 }), {
        peer: 'agent',
        note: (line) => log(`agent socket (${agent}): ${line}`),
      });
      const handle = serveStdio(() => agentServer(core, agent), { transport, onerror: (e) => log(`agent socket (${agent}): ${e.message}`) });
      open.set(socket, { agent, handle });
      // The transport starts listening within this turn; flowing starts once it does.
      setImmediate(() => socket.resume());
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
