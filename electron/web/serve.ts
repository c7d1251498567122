import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCore, terminalConsent } from '../core/index.js';
import { startWebServer } from './web-server.js';

/** Where the built renderer lives, relative to this compiled file (out/node/electron/web). */
export const RENDERER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'renderer');

/** What `mcp-console serve` was given. */
export interface ServeOptions {
  config?: string;
  dataDir?: string;
  /** As typed; checked here. */
  port?: string;
  staticDir?: string;
}

/** Where browser mode says what it does: the address on `out`, the rest on `err`. */
export interface ServeIo {
  out(text: string): void;
  err(text: string): void;
}

/** `serve [--config F] [--data-dir D] [--port P]`: browser mode until interrupted. */
export async function serveCommand(opts: ServeOptions, io: ServeIo): Promise<number> {
  // SECURITY: what the page adds is spawned only after a person confirms it here, on the terminal.
  const consent = terminalConsent(process.stdin, (t) => io.err(t));
  const { core, problems, configWarnings, configError } = startCore({ dataDir: opts.dataDir, configFile: opts.config, consent });
  for (const p of problems) io.err(`warning: ${p}`);
  for (const w of configWarnings) io.err(`warning: ${w}`);
  if (configError) {
    io.err(`error: ${configError}`);
    await core.close();
    return 2;
  }
  const port = Number(opts.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`error: --port must be a port number`);
    await core.close();
    return 2;
  }
  const server = await startWebServer(core, { port, staticDir: opts.staticDir ?? RENDERER_DIR });
  io.out(`MCP Console ready at ${server.url}`);
  io.err('Servers added in the page run only once you confirm their command line here, on this terminal.');
  return new Promise((resolvePromise) => {
    const stop = async () => {
      await server.close();
      await core.close();
      resolvePromise(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });
}
