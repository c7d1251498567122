import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * MCP Console's own folder and version, from its package.json: the nearest one named `mcp-console`
 * above this module, whichever build it runs from (tsc's `out/node/…`, the command line's bundle
 * `out/cli`, the desktop bundle `out/main`, inside an asar, or the sources under test).
 */
function findApp(): { root: string | null; version: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'mcp-console' && typeof pkg.version === 'string') return { root: dir, version: pkg.version };
    } catch {
      /* none here: look further up */
    }
    const up = dirname(dir);
    if (up === dir) return { root: null, version: '0.0.0' };
    dir = up;
  }
}

const app = findApp();
export const VERSION = app.version;
/** The folder of MCP Console's package.json (null when none is above this module): where `bin/` and `out/` are. */
export const APP_ROOT = app.root;
