import type { ServerConfig } from '../../../shared/schemas/server.js';
import { hashJson } from '../support/index.js';

/**
 * The identity of a server: what it runs or where it lives. stdio: command, args, env and
 * cwd; remote: URL and the names (not values) of its headers. A changed identity is a new server.
 */
export function serverIdentity(config: ServerConfig): string {
  if (config.type === 'stdio') {
    return hashJson({
      transport: 'stdio',
      command: config.command,
      args: config.args,
      env: config.env,
      cwd: config.cwd ?? null,
    });
  }
  const headerNames = Object.keys(config.headers)
    .map((h) => h.toLowerCase())
    .sort();
  return hashJson({ transport: 'remote', url: config.url, headerNames });
}
