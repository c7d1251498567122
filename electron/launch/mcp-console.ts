/**
 * The `mcp-console` command: the terminal host, with browser mode's `serve` handed in. The launch
 * floor is the only one that composes hosts; no host imports another.
 */
import { run } from '../hosts/cli/main.js';
import type { Io } from '../hosts/cli/commands.js';
import { str } from '../hosts/cli/args.js';

export { exitWhenWritten } from './exit-written.js';

/** Runs one `mcp-console` command line; resolves with the exit code. */
export function runCommandLine(argv: string[], io?: Io): Promise<number> {
  return run(argv, io, {
    // Loaded only when asked for: the other commands never load the web server.
    serve: async (args, out) => {
      const { startGateway } = await import('../hosts/gateway/start-gateway.js');
      const { agentRequests } = await import('../hosts/gateway/agent-http.js');
      const { serveCommandLine } = await import('../hosts/cli/console-end.js');
      return (await import('../hosts/web/serve.js')).serveCommand(
        {
          config: str(args, 'config'),
          connect: !args.flags.has('no-connect'),
          dataDir: str(args, 'data-dir'),
          port: str(args, 'port'),
          staticDir: str(args, 'static-dir'),
          agentPort: str(args, 'agent-port'),
          policy: str(args, 'policy'),
          shipSyslog: str(args, 'ship-syslog'),
          shipCa: str(args, 'ship-ca'),
          shipOtlp: str(args, 'ship-otlp'),
          record: str(args, 'record'),
          team: str(args, 'team'),
        },
        out,
        (core, dataDir, port) =>
          startGateway(core, dataDir, { port, commandLine: (socket, rest) => serveCommandLine(core, socket, rest) }),
        // A team service answers agents on its own address too.
        (core) => (door) => agentRequests(core, { ...door, base: () => door.base, log: (l) => out.err(l) }),
      );
    },
    bridge: async (args, out) => {
      const agent = str(args, 'agent');
      if (!agent) {
        out.err('error: bridge needs --agent NAME (an agent made with mcp-console agents add)');
        return 2;
      }
      const { bridgeCommand } = await import('../hosts/gateway/bridge.js');
      return bridgeCommand(
        { agent, dataDir: str(args, 'data-dir') },
        { stdin: process.stdin, stdout: process.stdout, err: out.err },
      );
    },
    // Whether a console serves the data directory, and where: a command then works through it.
    find: async () => (await import('../hosts/gateway/local-channel.js')).findConsole,
  });
}
