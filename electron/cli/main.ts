import { parseArgs } from './args.js';
import { auditVerifyCommand, callCommand, processIo, toolsCommand, UsageError, type Io } from './commands.js';

export const USAGE = `mcp-console — inspect MCP servers and approve their tool calls

  mcp-console tools <server> --config F [--json] [--data-dir D]
  mcp-console call <server> <tool> --args JSON --config F [--yes] [--json] [--data-dir D]
  mcp-console audit verify [--data-dir D]
  mcp-console serve [--config F] [--data-dir D] [--port P]

The config file is a host config ("mcpServers" or "servers"). Without --config, the servers saved
in the data directory are used. call exits 0 on success, 1 on a tool error, 2 on a protocol or
connection error, 3 when the call was denied or could not be approved.`;

/** Runs one command line; resolves with the exit code. */
export async function run(argv: string[], io: Io = processIo()): Promise<number> {
  const args = parseArgs(argv);
  const cmd = args.positional[0];
  try {
    if (!cmd || args.flags.has('help')) {
      io.out(USAGE);
      return cmd ? 0 : 2;
    }
    if (cmd === 'tools') return await toolsCommand(args, io);
    if (cmd === 'call') return await callCommand(args, io);
    if (cmd === 'audit' && args.positional[1] === 'verify') return auditVerifyCommand(args, io);
    if (cmd === 'serve') {
      const { serveCommand } = await import('./serve.js');
      return await serveCommand(args, io);
    }
    throw new UsageError(`unknown command ${JSON.stringify(argv.join(' '))}`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`error: ${(e as Error).message}`);
    return 2;
  }
}
