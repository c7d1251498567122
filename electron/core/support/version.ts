import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * MCP Console's version, read from its package.json: the nearest one named `mcp-console` above this
 * module, whichever build it runs from (tsc's `out/node/…`, the desktop bundle `out/main`, inside
 * an asar, or the sources under test).
 */
function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'mcp-console' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      /* none here: look further up */
    }
    const up = dirname(dir);
    if (up === dir) return '0.0.0';
    dir = up;
  }
}

export const VERSION = readVersion();
