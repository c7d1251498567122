import type { AuthView } from '../../../shared/schemas/auth.js';
import { startCore } from '../../core/index.js';
import { str, type ParsedArgs } from './args.js';
import { openServer, UsageError, EXIT, type Io } from './commands.js';
import { safe } from './format.js';
import { cliAuth } from './sign-in.js';
import { ownCore, type CommandCore } from './command-core.js';
import { consoleOn, openCoreOr } from './open-core.js';

function viewText(v: AuthView): string[] {
  const lines = [
    `${v.serverId}: ${v.mode === 'none' ? 'no OAuth (a stdio server)' : v.mode === 'static-header' ? 'sends its own Authorization header (no OAuth)' : v.signedIn ? 'signed in' : 'not signed in'}`,
  ];
  if (v.issuer) lines.push(`  authorization server: ${safe(v.issuer)}`);
  if (v.scope) lines.push(`  scope: ${safe(v.scope)}`);
  if (v.expiresAt) lines.push(`  expires: ${v.expiresAt}${v.refreshable ? ' (refreshable)' : ''}`);
  if (v.client.how !== 'none')
    lines.push(`  client: ${v.client.how}${v.client.clientId ? ` (${safe(v.client.clientId)})` : ''}`);
  lines.push(`  storage: ${v.storage}`);
  if (v.error) lines.push(`  last error: ${safe(v.error)}`);
  for (const s of v.steps.slice(-20))
    lines.push(`  ${s.ok ? '✓' : '✗'} ${s.step}: ${safe(s.summary)}${s.problem ? ` — ${safe(s.problem)}` : ''}`);
  return lines;
}

/** `auth status|login|logout <server> --config F [--json] [--no-browser]` */
export async function authCommand(args: ParsedArgs, io: Io): Promise<number> {
  const sub = args.positional[1];
  if (sub !== 'status' && sub !== 'login' && sub !== 'logout')
    throw new UsageError('auth needs a subcommand: auth status|login|logout <server>');
  const id = args.positional[2];
  if (!id) throw new UsageError('name the server');
  if (consoleOn(args)) return throughConsole(args, io, sub, id);
  let core;
  if (sub === 'login') {
    // Signing in again: the tokens go (the registered client stays), and connecting asks the person.
    const opened = await openServer(args, io, id, (freshCore) => freshCore.dropTokens?.(id));
    if (typeof opened === 'number') return opened;
    core = opened.core;
  } else {
    // Status and sign-out never connect (a sign-out must not start a sign-in).
    const started = startCore({
      dataDir: str(args, 'data-dir'),
      configFile: str(args, 'config'),
      consent: null,
      auth: cliAuth(io, args),
      fixedRoots: true,
    });
    core = ownCore(started.core);
    if (started.configError || !(await core.ask('servers.list', {})).some((s) => s.id === id)) {
      io.err(`error: ${safe(started.configError ?? `no server ${JSON.stringify(id)}`)}`);
      await core.close();
      return EXIT.protocol;
    }
  }
  return report(args, io, core, sub, id);
}

/** The console running on the data directory signs in (its page shows the sign-in), signs out, or says. */
async function throughConsole(
  args: ParsedArgs,
  io: Io,
  sub: 'status' | 'login' | 'logout',
  id: string,
): Promise<number> {
  const opened = await openCoreOr(args, io, EXIT.protocol);
  if (typeof opened === 'number') return opened;
  const { core, configError } = opened;
  if (configError || !(await core.ask('servers.list', {})).some((s) => s.id === id)) {
    io.err(`error: ${safe(configError ?? `no server ${JSON.stringify(id)}`)}`);
    await core.close();
    return EXIT.protocol;
  }
  if (sub === 'login') {
    io.err(`Signing in to ${safe(id, true)} through MCP Console: its page shows the sign-in.`);
    await core.ask('auth.signIn', { serverId: id }).catch((e: Error) => io.err(`error: ${safe(e.message)}`));
  }
  return report(args, io, core, sub, id);
}

async function report(args: ParsedArgs, io: Io, core: CommandCore, sub: string, id: string): Promise<number> {
  try {
    let v = await core.ask('auth.status', { serverId: id });
    if (sub === 'logout') v = await core.ask('auth.signOut', { serverId: id });
    if (args.flags.has('json')) io.out(JSON.stringify(v, null, 2));
    else for (const l of viewText(v)) io.out(l);
    if (sub === 'login') return v.signedIn ? EXIT.ok : EXIT.protocol;
    return EXIT.ok;
  } finally {
    await core.close();
  }
}
