import type { ParsedArgs } from './args.js';
import type { Io } from './commands.js';

/** `serve`: browser mode. */
export async function serveCommand(_args: ParsedArgs, io: Io): Promise<number> {
  io.err('error: browser mode is not built yet');
  return 2;
}
