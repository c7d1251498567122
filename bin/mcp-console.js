#!/usr/bin/env node
// The command line of MCP Console (built by `npm run build`).
import { run } from '../out/node/electron/cli/main.js';

const code = await run(process.argv.slice(2));
process.exit(code);
