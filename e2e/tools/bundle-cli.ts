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
  // Our modules do their work when called, never on import (none is imported for its effects alone,
  // as the house's lint keeps it): a chunk that uses one export of the core's index does not load it all.
  treeshake: { moduleSideEffects: (id: string, external: boolean) => external },
  logLevel: 'warn',
});
await bundle.write({
  dir: OUT,
  format: 'esm',
  // V8 keeps each module's source for as long as the process runs, as a two-byte string if one
  // character of it is not Latin-1: the core's chunk held 1.1 MB for its 577 KB. ASCII with no
  // comments, it is one byte a character (0.44 MB); comments are the sources' to keep, not the bundle's.
  charset: 'ascii',
  comments: false,
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  // What the bridge needs of the core (the data directory, the limits of a message) in a chunk of its
  // own: an agent host starting the bridge waits for its first answer, and the core is not loaded.
  codeSplitting: { groups: [{ name: 'support', test: /[\\/](?:electron[\\/]core[\\/]support|shared[\\/](?:boundary|json-depth))[\\/.]/ }] },
});
await bundle.close();
