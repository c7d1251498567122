/**
 * The `mcp-console` command: the terminal host, with browser mode's `serve` handed in. The launch
 * floor is the only one that composes hosts; no host imports another.
 */
import { run } from '../cli/main.js';
import type { Io } from '../cli/commands.js';
import { str } from '../cli/args.js';

/** Runs one `mcp-console` command line; resolves with the exit code. */
export function runCommandLine(argv: string[], io?: Io): Promise<number> {
  return run(argv, io, {
    // Loaded only when asked for: the other commands never load the web server.
    serve: async (args, out) =>
      (await import('../web/serve.js')).serveCommand(
        { config: str(args, 'config'), dataDir: str(args, 'data-dir'), port: str(args, 'port'), staticDir: str(args, 'static-dir') },
        out,
      ),
  });
}
