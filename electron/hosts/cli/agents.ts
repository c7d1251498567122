import { AgentStore, resolveDataDir, startCore, type ConsoleCore, readTeamFile } from '../../core/index.js';
import { str, type ParsedArgs } from './args.js';
import { UsageError, type Io } from './commands.js';
import { safe } from './format.js';

/**
 * The process id of a console running on this data directory, or null (a running one records what the command changes,
 * in its own audit log).
 */
export type ConsoleRunning = (dataDir: string) => number | null;

/**
 * `agents add NAME --servers ID,ID [--config F] [--json]`, `agents list [--json]`, `agents revoke NAME`.
 * With a console running on the data directory, only `agents.json` is written and the running
 * console records the change (one writer per audit log); otherwise a core records it here.
 */
export async function agentsCommand(args: ParsedArgs, io: Io, running: ConsoleRunning): Promise<number> {
  const sub = args.positional[1];
  const dataDir = resolveDataDir(str(args, 'data-dir'));
  const json = args.flags.has('json');
  if (sub === 'list') {
    const store = new AgentStore(dataDir);
    const agents = store.list();
    if (store.problem) {
      io.err(`error: ${store.problem}`);
      return 2;
    }
    if (json) io.out(JSON.stringify(agents, null, 2));
    else if (agents.length === 0) io.out('no agents: add one with mcp-console agents add NAME --servers ID,ID');
    else
      for (const a of agents)
        io.out(
          `${a.name}  ${a.revokedAt ? `revoked ${a.revokedAt}` : 'active'}  servers: ${a.servers.map((s) => safe(s)).join(', ') || 'none'}`,
        );
    return 0;
  }
  const name = args.positional[2];
  if (sub !== 'add' && sub !== 'revoke')
    throw new UsageError(
      sub ? `unknown agents command ${JSON.stringify(sub)}` : 'agents needs a subcommand: add, list or revoke',
    );
  if (!name) throw new UsageError(`name the agent: agents ${sub} NAME`);
  const servers = (str(args, 'servers') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (sub === 'add' && servers.length === 0)
    throw new UsageError('agents add needs --servers ID,ID (the servers the agent may use)');
  // An agent of a person on a team service (run on the service's machine, by its admin): the team file is read (a
  // broken one is refused here, as the service would), the owner is the person's subject at the provider.
  const owner = str(args, 'owner');
  const teamFile = str(args, 'team');
  if (owner !== undefined && teamFile === undefined)
    throw new UsageError('--owner names a person of a team service: give its --team FILE too');
  if (owner !== undefined && sub !== 'add') throw new UsageError('--owner goes with agents add');
  if (teamFile !== undefined) readTeamFile(teamFile);
  const person = owner === undefined ? undefined : { subject: owner, name: owner };
  const live = running(dataDir) !== null;
  let core: ConsoleCore | undefined;
  try {
    if (!live) {
      const started = startCore({ dataDir, configFile: str(args, 'config'), consent: null });
      core = started.core;
      if (started.configError) throw new UsageError(started.configError);
    }
    if (sub === 'add') {
      if (core) {
        const known = (await core.ask('servers.list', {})).map((s) => s.id);
        const unknown = servers.filter((s) => !known.includes(s));
        if (unknown.length)
          io.err(
            `warning: no server ${unknown.map((u) => JSON.stringify(u)).join(', ')} is configured${str(args, 'config') ? ` in ${str(args, 'config')}` : ''}; the agent sees it once it is`,
          );
      }
      const a = core
        ? await core.ask('agents.add', { name, servers }, person && { kind: 'console', person })
        : new AgentStore(dataDir).add(name, servers, person);
      if (json) io.out(JSON.stringify(a, null, 2));
      else {
        io.out(`agent ${a.name}${person ? ` of ${person.subject}` : ''} may use ${a.servers.join(', ')}`);
        io.out(`token (shown once; keep it in the agent host's config): ${a.token}`);
      }
      return 0;
    }
    const a = core ? await core.ask('agents.revoke', { name }) : new AgentStore(dataDir).revoke(name);
    if (json) io.out(JSON.stringify(a, null, 2));
    else io.out(`agent ${a.name} revoked at ${a.revokedAt}: its token is refused from now on`);
    return 0;
  } finally {
    await core?.close();
  }
}
