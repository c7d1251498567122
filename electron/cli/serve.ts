import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConsoleCore } from '../core/console-core.js';
import { resolveDataDir } from '../core/data-dir.js';
import { startWebServer } from '../web/web-server.js';
import { str, type ParsedArgs } from './args.js';
import type { Io } from './commands.js';
import { terminalConsent } from './terminal-consent.js';

/** Where the built renderer lives, relative to this compiled file (out/node/electron/cli). */
export const RENDERER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'renderer');

/** `serve [--config F] [--data-dir D] [--port P]`: browser mode until interrupted. */
export async function serveCommand(args: ParsedArgs, io: Io): Promise<number> {
  // SECURITY: what the page adds is spawned only after a person confirms it here, on the terminal.
  const consent = terminalConsent(process.stdin, (t) => io.err(t));
  const core = new ConsoleCore({ dataDir: resolveDataDir(str(args, 'data-dir')), consent });
  for (const p of core.start()) io.err(`warning: ${p}`);
  const config = str(args, 'config');
  if (config) {
    try {
      for (const w of core.loadConfig(readFileSync(config, 'utf8')).warnings) io.err(`warning: ${config}: ${w}`);
    } catch (e) {
      io.err(`error: cannot use --config ${config}: ${(e as Error).message}`);
      await core.close();
      return 2;
    }
  }
  const port = Number(str(args, 'port') ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`error: --port must be a port number`);
    await core.close();
    return 2;
  }
  const server = await startWebServer(core, { port, staticDir: str(args, 'static-dir') ?? RENDERER_DIR });
  io.out(`MCP Console ready at ${server.url}`);
  io.err('Servers added in the page run only once you confirm their command line here, on this terminal.');
  return new Promise((resolvePromise) => {
    const stop = async () => {
      await server.close();
      await core.close();
      resolvePromise(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
