#!/usr/bin/env node
// The command line of MCP Console (built by `npm run build`: the bundle of out/cli, see e2e/tools/bundle-cli.ts).
import { runCommandLine } from '../out/cli/mcp-console.js';

const code = await runCommandLine(process.argv.slice(2));
process.exit(code);
