/**
 * Part of `npm run build:node`: the command line (`bin/mcp-console.js`) as a few files in `out/cli/`
 * instead of 250 modules of `out/node/`. Loading a module costs Node a resolution, a read, a
 * compile and a link; for a one-shot command that was most of its start-up (issue "Performance,
 * round three": the CLI as quick as the bare SDK). Packages stay in node_modules, loaded as they
 * are; `serve`, `bridge` and the gateway stay chunks of their own, loaded when asked for. The
 * review's worker is an entry of the same build, so it sits next to the chunk that starts it.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { rolldown } from 'rolldown';

const OUT = resolve('out/cli');

/** Only our own modules go into the bundle: a bare specifier is a package (or Node's), loaded as it is. */
const isPackage = (id: string): boolean => !id.startsWith('.') && !id.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(id);

rmSync(OUT, { recursive: true, force: true });
const bundle = await rolldown({
  input: {
    'mcp-console': resolve('out/node/electron/launch/mcp-console.js'),
    'review-worker': resolve('out/node/electron/core/review/review-worker.js'),
  },
  platform: 'node',
  external: isPackage,
  logLevel: 'warn',
});
await bundle.write({ dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
await bundle.close();
