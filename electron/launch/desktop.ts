/**
 * The desktop app's entry (built to out/main/index.js): the Electron shell with the approval
 * gateway beside it. The launch floor is the only one that composes hosts.
 */
import { runDesktop } from '../hosts/desktop/main/index.js';
import { bridgeArgs, bridgeOptions } from '../hosts/desktop/main/bridge-command.js';
import { startGateway } from '../hosts/gateway/start-gateway.js';
import { bridgeCommand } from '../hosts/gateway/bridge.js';
import { serveCommandLine } from '../hosts/cli/console-end.js';
import { exitWhenWritten } from './exit-written.js';

// `<app> bridge --agent NAME`: the snippet an agent host runs; no window, the bridge on stdio.
const bridge = bridgeArgs(process.argv);
if (!bridge)
  runDesktop((core, dataDir) =>
    startGateway(core, dataDir, { commandLine: (socket, rest) => serveCommandLine(core, socket, rest) }),
  );
else {
  const { agent, dataDir } = bridgeOptions(bridge);
  const err = (line: string) => void process.stderr.write(`${line}\n`);
  if (!agent) {
    err('error: bridge needs --agent NAME (an agent made in the Agents tab)');
    void exitWhenWritten(2);
  } else
    void bridgeCommand({ agent, dataDir }, { stdin: process.stdin, stdout: process.stdout, err }).then(exitWhenWritten);
}
