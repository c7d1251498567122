/**
 * The desktop app's entry (built to out/main/index.js): the Electron shell with the approval
 * gateway beside it. The launch floor is the only one that composes hosts.
 */
import { runDesktop } from '../main/index.js';
import { startGateway } from '../gateway/start-gateway.js';

runDesktop((core, dataDir) => startGateway(core, dataDir));
