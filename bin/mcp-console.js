#!/usr/bin/env node
// The command line of MCP Console (built by `npm run build`: the bundle of out/cli, see e2e/tools/bundle-cli.ts).
// glibc's malloc trim threshold is held first, before the console's own modules are read
// (electron/launch/malloc-trim.ts).
import { fileURLToPath } from 'node:url';

const { holdMallocTrim } = await import('../out/cli/malloc-trim.js');
holdMallocTrim(fileURLToPath(new URL('../out/native/malloc-trim.node', import.meta.url)));
const { runCommandLine, exitWhenWritten } = await import('../out/cli/mcp-console.js');
// Ends once what the command printed has left the process (a pipe is written asynchronously).
await exitWhenWritten(await runCommandLine(process.argv.slice(2)));
