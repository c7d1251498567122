#!/usr/bin/env node
// The command line of MCP Console (built by `npm run build`).
import { runCommandLine } from '../out/node/electron/launch/mcp-console.js';

const code = await runCommandLine(process.argv.slice(2));
process.exit(code);
