import { parseArgs, UsageError, type ParsedArgs } from './args.js';
import { processIo, type Io } from './io.js';
import { safe } from '../../../shared/terminal-text.js';
import type { FindConsole } from './channel.js';

// Each command's module is loaded when it runs: a command pays for its own part of the core and no
// other (the bridge, which relays bytes, loads none of it).
export const USAGE = `mcp-console — inspect MCP servers and approve their tool calls

  mcp-console tools <server> --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console call <server> <tool> --args JSON --config F [--yes] [--task] [--elicit JSON|decline|cancel] [--policy F] [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console resources list <server> --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console resources read <server> <uri> --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console prompts list <server> --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console prompts get <server> <name> [--args JSON] --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console complete <server> (--prompt NAME | --resource URI) --arg NAME [--value V] [--context JSON] --config F [--json] [--data-dir D] [--era …]
  mcp-console ping <server> --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console doctor <server> --config F [--json] [--data-dir D] [--era auto|modern|legacy]
  mcp-console trace <server> --config F [--seconds N] [--data-dir D] [--era auto|modern|legacy]
  mcp-console review --config F [--server ID] [--format md|json|sarif] [--out FILE] [--baseline FILE] [--fail-on low|medium|high]
                     [--pins FILE] [--write-pins FILE] [--write-baseline FILE --reason TEXT] [--data-dir D] [--era …]
  mcp-console auth status|login|logout <server> --config F [--json] [--no-browser] [--data-dir D] [--era …]
  mcp-console test COLLECTION… --config F [--env NAME|FILE] [--data FILE.csv|json] [--reporter junit|tap|md|json] [--out FILE]
                   [--update-snapshots] [--yes] [--against NAME] [--policy F] [--data-dir D]
  mcp-console diff A B [--config F] [--format text|json|md] [--json] [--data-dir D] [--era …]
  mcp-console collect RECORDING… --out FILE [--server ID] [--name NAME]
  mcp-console mock RECORDING… [--server ID] [--http PORT] [--ignore /POINTER,…]
  mcp-console policy check --policy F [--json]
  mcp-console policy explain --policy F --server S --tool T [--agent NAME|@person|@view|@collection] [--args JSON] [--identity ID] [--fingerprint FP] [--json]
  mcp-console audit verify [--anchor FILE [--pubkey KEY]] [--data-dir D | --team FILE]
  mcp-console audit anchor --out FILE [--data-dir D | --team FILE]
  mcp-console audit pubkey [--data-dir D]
  mcp-console serve [--config F [--no-connect]] [--data-dir D] [--port P] [--agent-port P] [--policy F] [--team FILE]
                    [--ship-syslog relp://HOST:PORT|tcp://HOST:PORT|tls://HOST:PORT [--ship-ca FILE]] [--ship-otlp http://HOST:PORT/v1/logs]
  mcp-console agents add NAME --servers ID,ID [--owner SUBJECT --team FILE] [--config F] [--json] [--data-dir D]
  mcp-console agents list [--json] [--data-dir D]
  mcp-console agents revoke NAME [--json] [--data-dir D]
  mcp-console bridge --agent NAME [--data-dir D]

The config file is a host config ("mcpServers" or "servers"). Without --config, the servers saved
in the data directory are used. call exits 0 on success, 1 on a tool error, 2 on a protocol or
connection error, 3 when the call was denied or could not be approved. The organisation's policy is read from
--policy F (else MCP_CONSOLE_POLICY) and from the platform's managed location; policy check exits 1 for a file that is not valid. A server behind OAuth asks to sign in:
the address is printed ("sign-in URL: …") and, on a terminal without --no-browser, opened after you agree. review exits 1 when new findings
reach --fail-on (high by default), 2 when a server could not be reviewed. test exits 0 when every step held,
1 when one failed, 2 when a server could not be reached or a collection not read, 3 when a run was not approved. diff compares two sides (a server of the config, a pins file, a recording,
a tools JSON or a server listing; FILE#SERVER picks a server of a pins file or a recording) and exits 0 when equal, 1 when different.
Every command that talks to servers, and serve, takes --record FILE: their traffic and the decisions on their calls,
written to FILE as they happen, secrets left out (shared/schemas/recording.schema.json). mock serves a recorded server
over stdio, or over Streamable HTTP with --http, answering each request as recorded; collect makes a recording's tool
calls the steps of a collection.`;

/** The flags each command takes; any other is refused (a typo such as --jsno must not be ignored). */
export const FLAGS: Record<string, string[]> = {
  tools: ['record', 'no-browser', 'config', 'json', 'data-dir', 'era'],
  call: ['record', 'no-browser', 'args', 'config', 'yes', 'json', 'data-dir', 'era', 'elicit', 'task', 'policy'],
  audit: ['data-dir', 'anchor', 'pubkey', 'out', 'team'],
  resources: ['record', 'no-browser', 'config', 'json', 'data-dir', 'era'],
  prompts: ['record', 'no-browser', 'config', 'json', 'data-dir', 'era', 'args'],
  ping: ['record', 'no-browser', 'config', 'json', 'data-dir', 'era'],
  complete: [
    'record',
    'no-browser',
    'config',
    'json',
    'data-dir',
    'era',
    'prompt',
    'resource',
    'arg',
    'value',
    'context',
  ],
  doctor: ['record', 'no-browser', 'config', 'json', 'data-dir', 'era'],
  trace: ['record', 'no-browser', 'config', 'data-dir', 'era', 'seconds'],
  review: [
    'record',
    'no-browser',
    'config',
    'server',
    'format',
    'out',
    'baseline',
    'fail-on',
    'write-baseline',
    'reason',
    'pins',
    'write-pins',
    'data-dir',
    'era',
  ],
  serve: [
    'record',
    'team',
    'config',
    'no-connect',
    'data-dir',
    'port',
    'static-dir',
    'agent-port',
    'policy',
    'ship-syslog',
    'ship-ca',
    'ship-otlp',
  ],
  mock: ['server', 'http', 'ignore'],
  collect: ['out', 'server', 'name'],
  policy: ['policy', 'agent', 'server', 'tool', 'args', 'identity', 'fingerprint', 'json'],
  agents: ['servers', 'config', 'json', 'data-dir', 'owner', 'team'],
  bridge: ['agent', 'data-dir'],
  auth: ['record', 'config', 'json', 'data-dir', 'era', 'no-browser'],
  diff: ['record', 'config', 'format', 'json', 'data-dir', 'era', 'no-browser'],
  test: [
    'record',
    'env',
    'data',
    'config',
    'reporter',
    'out',
    'update-snapshots',
    'yes',
    'against',
    'data-dir',
    'no-browser',
    'policy',
  ],
};

/** The commands that work through a console running on their data directory (open-core.ts). */
const THROUGH_CONSOLE = new Set([
  'tools',
  'call',
  'resources',
  'prompts',
  'complete',
  'ping',
  'doctor',
  'trace',
  'review',
  'auth',
  'test',
  'diff',
]);

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(
        Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)),
      );
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** A command another host provides (browser mode's `serve`); the launcher hands it in. */
export type HostedCommand = (args: ParsedArgs, io: Io) => Promise<number>;

/**
 * Runs one command line; resolves with the exit code. Commands that belong to another host (the
 * web server's `serve`) come in through `hosted`, so this host imports none of the others.
 */
export async function run(
  argv: string[],
  io: Io = processIo(),
  hosted: Partial<Record<'serve' | 'bridge', HostedCommand>> & { find?: () => Promise<FindConsole> } = {},
): Promise<number> {
  const args = parseArgs(argv, Object.values(FLAGS).flat());
  const cmd = args.positional[0];
  try {
    if (!cmd || args.flags.has('help')) {
      io.out(USAGE);
      return cmd ? 0 : 2;
    }
    const known = FLAGS[cmd];
    if (!known) throw new UsageError(`unknown command ${JSON.stringify(cmd)}`);
    for (const f of args.flags.keys()) {
      if (f === 'help' || known.includes(f)) continue;
      const near = known.find((k) => editDistance(k, f) <= 2);
      throw new UsageError(`unknown flag --${f} for ${cmd}${near ? ` (did you mean --${near}?)` : ''}`);
    }
    const sub = args.positional[1];
    if (cmd === 'audit' && sub !== 'verify' && sub !== 'anchor' && sub !== 'pubkey')
      throw new UsageError(
        sub
          ? `unknown audit command ${JSON.stringify(sub)}`
          : 'audit needs a subcommand: audit verify, anchor or pubkey',
      );
    if (cmd === 'policy' && sub !== 'check' && sub !== 'explain')
      throw new UsageError(
        sub ? `unknown policy command ${JSON.stringify(sub)}` : 'policy needs a subcommand: policy check or explain',
      );
    const commands = () => import('./commands.js');
    // A console running on the data directory does the command's work (its calls are its calls, one audit log).
    const find = THROUGH_CONSOLE.has(cmd) || cmd === 'agents' ? await hosted.find?.() : undefined;
    if (THROUGH_CONSOLE.has(cmd)) (await import('./open-core.js')).findConsoleWith(find);
    if (cmd === 'policy') {
      const policy = await import('./policy.js');
      return sub === 'check' ? policy.policyCheckCommand(args, io) : policy.policyExplainCommand(args, io);
    }
    if (cmd === 'tools') return await (await commands()).toolsCommand(args, io);
    if (cmd === 'call') return await (await commands()).callCommand(args, io);
    if (cmd === 'audit') {
      const audit = await import('./audit.js');
      return sub === 'anchor'
        ? audit.auditAnchorCommand(args, io)
        : sub === 'pubkey'
          ? audit.auditPubkeyCommand(args, io)
          : audit.auditVerifyCommand(args, io);
    }
    if (cmd === 'resources') return await (await commands()).resourcesCommand(args, io);
    if (cmd === 'prompts') return await (await commands()).promptsCommand(args, io);
    if (cmd === 'ping') return await (await import('./diagnose.js')).pingCommand(args, io);
    if (cmd === 'complete') return await (await import('./complete.js')).completeCommand(args, io);
    if (cmd === 'doctor') return await (await import('./diagnose.js')).doctorCommand(args, io);
    if (cmd === 'trace') return await (await import('./diagnose.js')).traceCommand(args, io);
    if (cmd === 'review') return await (await import('./review.js')).reviewCommand(args, io);
    if (cmd === 'auth') return await (await import('./auth.js')).authCommand(args, io);
    if (cmd === 'test') return await (await import('./test.js')).testCommand(args, io);
    if (cmd === 'diff') return await (await import('./diff.js')).diffCommand(args, io);
    if (cmd === 'mock') return await (await import('./mock.js')).mockCommand(args, io);
    if (cmd === 'collect') return await (await import('./collect.js')).collectCommand(args, io);
    if (cmd === 'agents')
      return await (await import('./agents.js')).agentsCommand(args, io, (dir) => find?.(dir)?.pid ?? null);
    if (cmd === 'bridge') {
      if (!hosted.bridge) throw new UsageError('bridge is not available from this entry point; use bin/mcp-console.js');
      return await hosted.bridge(args, io);
    }
    if (cmd === 'serve') {
      if (!hosted.serve) throw new UsageError('serve is not available from this entry point; use bin/mcp-console.js');
      return await hosted.serve(args, io);
    }
    throw new UsageError(`unknown command ${JSON.stringify(cmd)}`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`error: ${safe((e as Error).message)}`);
    return 2;
  }
}
