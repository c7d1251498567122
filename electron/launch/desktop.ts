/**
 * The desktop app's entry (built to out/main/index.js): the Electron shell with the approval
 * gateway beside it. The launch floor is the only one that composes hosts.
 */
import { runDesktop } from '../main/index.js';
import { bridgeArgs } from '../main/bridge-command.js';
import { startGateway } from '../gateway/start-gateway.js';
import { runCommandLine } from './mcp-console.js';

// `<app> bridge --agent NAME`: the snippet an agent host runs; no window, the bridge on stdio.
const bridge = bridgeArgs(process.argv);
if (bridge) void runCommandLine(bridge).then((code) => process.exit(code));
else runDesktop((core, dataDir) => startGateway(core, dataDir));
