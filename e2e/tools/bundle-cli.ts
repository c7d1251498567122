/**
 * Part of `npm run build:node`: the command line (`bin/mcp-console.js`) as a few files in `out/cli/`
 * instead of 250 modules of `out/node/`. Loading a module costs Node a resolution, a read, a
 * compile and a link; for a one-shot command that was most of its start-up (issue "Performance,
 * round three": the CLI as quick as the bare SDK). Packages stay in node_modules, loaded as they
 * are, but for the SDK and zod (below); `serve`, `bridge` and the gateway stay chunks of their own,
 * loaded when asked for. The review's worker is an entry of the same build, so it sits next to the
 * chunk that starts it.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { rolldown } from 'rolldown';

const OUT = resolve('out/cli');

/**
 * The SDK's packages and zod go into the bundle with our modules; any other bare specifier is a
 * package (or Node's), loaded as it is. The SDK's files hold characters outside Latin-1, so V8 kept
 * each as a two-byte string (the client's core 605 KB for 310,000 characters); written as ASCII they
 * take one byte a character. Zod loaded as a package is some 200 modules, every locale among them
 * (its `locales` namespace); bundled, what is not used is shaken out by its own `sideEffects`. The
 * client, the server and their protocol core are bundled together, so they share one zod and one core.
 * ws is CommonJS: imported from ESM as a package it cost `serve` 2-4 MB more of RSS at rest than
 * bundled (Node's CommonJS loader and lexer at work for each of its files). re2js is not bundled: the
 * core requires it when it compiles its first pattern (support/re2.ts), which an idle `serve` never does.
 */
const BUNDLED = /^(?:@modelcontextprotocol\/(?:client|core|server)|zod|ws)(?:\/|$)/;
const isPackage = (id: string): boolean =>
  !BUNDLED.test(id) && !id.startsWith('.') && !id.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(id);
/**
 * The client's Node shims, as the bundle takes them: the same answer on CORS, and in place of its
 * default JSON Schema validator (Ajv, 295,000 characters, loaded with the client) one that refuses.
 * The SDK makes it only for a Client given no validator or for `fromJsonSchema`; the console gives
 * every Client its own (servers/connection.ts) and calls no `fromJsonSchema`. Should the SDK rename
 * what its shims export, the build stops on the missing export.
 */
const SHIMS = '\0mcp-console:client-shims';
const clientShims = {
  name: 'mcp-console-client-shims',
  resolveId: (id: string) => (id === '@modelcontextprotocol/client/_shims' ? SHIMS : null),
  load: (id: string) =>
    id === SHIMS
      ? [
          'export const CORS_IS_POSSIBLE = false;',
          'export class DefaultJsonSchemaValidator {',
          "  getValidator() { throw new Error('MCP Console checks JSON Schemas itself: the SDK was asked for its own validator'); }",
          '}',
        ].join('\n')
      : null,
};

rmSync(OUT, { recursive: true, force: true });
const bundle = await rolldown({
  input: {
    'mcp-console': resolve('out/node/electron/launch/mcp-console.js'),
    'review-worker': resolve('out/node/electron/core/review/review-worker.js'),
    'result-scan-worker': resolve('out/node/electron/core/calls/result-scan-worker.js'),
    // bin/mcp-console.js loads it before the rest, to hold glibc's trim threshold as the process starts.
    'malloc-trim': resolve('out/node/electron/launch/malloc-trim.js'),
  },
  platform: 'node',
  external: isPackage,
  // Our modules do their work when called, never on import (none is imported for its effects alone,
  // as the house's lint keeps it): a chunk that uses one export of the core's index does not load it all.
  // A bundled package says for itself (its package.json's `sideEffects`; none said is all of it).
  treeshake: {
    moduleSideEffects: (id: string, external: boolean) =>
      external ? true : id.includes('node_modules') ? undefined : false,
  },
  plugins: [clientShims],
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
  codeSplitting: {
    groups: [
      { name: 'support', test: /[\\/](?:electron[\\/]core[\\/]support|shared[\\/](?:boundary|json-depth))[\\/.]/ },
    ],
  },
});
await bundle.close();
