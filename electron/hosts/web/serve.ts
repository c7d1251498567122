import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_ROOT,
  startCore,
  terminalConsent,
  type ConsentProvider,
  type ConsoleCore,
  type HandlerOptions,
  readTeamFile,
  SharedSessions,
  storeName,
  TeamStore,
  type TeamService,
  type PolicyPaths,
} from '../../core/index.js';
import { pageEndpointFile, readPageEndpoint, savePageEndpoint } from './page-endpoint.js';
import { startWebServer } from './web-server.js';
import { TeamSignIn } from './team-sign-in.js';
import { startTeamServer, type TeamServer, type TeamServerOptions } from './team-server.js';
import { StoreSessions } from './team-sessions.js';

/** This install's folder: its package.json's, or five levels above this compiled file (out/node/electron/hosts/web). */
const ROOT = APP_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');

/**
 * Where the built renderer lives (out/renderer), whichever build this runs from (out/node, or the command line's bundle
 * out/cli).
 */
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');

/**
 * The command line that runs this install's CLI, whatever is on the PATH: this Node and this
 * checkout's bin/mcp-console.js, so the snippets an agent host is given work as copied.
 */
export const CLI_COMMAND = [process.execPath, join(ROOT, 'bin', 'mcp-console.js')];

/** A team service's consent: nobody in a page gives it; the operator's --config file is the consent. */
const OPERATOR_ONLY: ConsentProvider = {
  where: "the team service's operator, by naming the server in the --config file it starts with",
  via: 'config-file',
  ask: () => Promise.resolve('unavailable'),
};

/** What `mcp-console serve` was given. */
export interface ServeOptions {
  config?: string;
  /** Connect the --config servers at start (`--no-connect`: leave them for the person). */
  connect?: boolean;
  dataDir?: string;
  /** As typed; checked here. */
  port?: string;
  staticDir?: string;
  /** As typed; the approval gateway's HTTP port (0: any free one). */
  agentPort?: string;
  /** The organisation's policy file (`--policy`); else MCP_CONSOLE_POLICY, and the managed location always. */
  policy?: string;
  /** Audit shipping (`--ship-syslog`, `--ship-ca`, `--ship-otlp`): they win over the settings. */
  shipSyslog?: string;
  shipCa?: string;
  shipOtlp?: string;
  /** `--record FILE`: the console's recording, from the start until it stops (shared/schemas/recording.ts). */
  record?: string;
  /** `--team FILE`: the console as a team's service, people signing in with the organisation's provider. */
  team?: string;
}

/** The approval gateway, started beside browser mode by the launcher (hosts do not import each other). */
export type StartAgents = (
  core: ConsoleCore,
  dataDir: string,
  port: number,
) => Promise<{ url: string; problem?: string; close(): Promise<void> }>;

/** The gateway's requests for a team service's own address (the launcher makes them: no host imports another). */
export type TeamAgentsFor = (core: ConsoleCore) => NonNullable<TeamServerOptions['agents']>;

/** Where browser mode says what it does: the address on `out`, the rest on `err`. */
export interface ServeIo {
  out(text: string): void;
  err(text: string): void;
}

/** `serve [--config F] [--data-dir D] [--port P]`: browser mode until interrupted. */
/** The policy file the service reads: `--policy`, else the team file's. */
function policyOf(flag: string | undefined, team: TeamService | undefined): PolicyPaths | undefined {
  const file = flag ? resolve(flag) : team?.policy;
  return file ? { named: { path: file, from: 'flag' } } : undefined;
}

export async function serveCommand(
  opts: ServeOptions,
  io: ServeIo,
  startAgents?: StartAgents,
  teamAgents?: TeamAgentsFor,
): Promise<number> {
  let team: TeamService | undefined;
  try {
    team = opts.team === undefined ? undefined : readTeamFile(opts.team);
  } catch (e) {
    io.err(`error: ${(e as Error).message}`);
    return 2;
  }
  // SECURITY: what the page adds is spawned only after a person confirms it here, on the terminal.
  // A team service asks nobody: a server runs there only when its operator names it in --config (never from a page).
  const consent = team ? OPERATOR_ONLY : terminalConsent(process.stdin, (t) => io.err(t));
  // The team file's policy, unless --policy names another (the operator's flag wins, and the start says so).
  if (opts.policy && team?.policy) io.err(`warning: --policy ${opts.policy} is read instead of the team file's policy`);
  const policy = policyOf(opts.policy, team);
  const { core, dataDir, problems, configWarnings, configError, connecting } = startCore({
    dataDir: opts.dataDir,
    configFile: opts.config,
    connectConfigured: opts.connect !== false,
    consent,
    policy,
    ship: { syslog: opts.shipSyslog, ca: opts.shipCa && resolve(opts.shipCa), otlp: opts.shipOtlp },
    shipFromTeam: Boolean(team?.store),
  });
  for (const p of problems) io.err(`warning: ${p}`);
  for (const w of configWarnings) io.err(`warning: ${w}`);
  if (connecting.length) io.err(`connecting the servers of ${opts.config}: ${connecting.join(', ')}`);
  if (configError) {
    io.err(`error: ${configError}`);
    await core.close();
    return 2;
  }
  if (opts.record !== undefined)
    try {
      const file = resolve(opts.record);
      await core.record(file);
      io.err(`recording every server's traffic and the decisions to ${file} until the console stops`);
    } catch (e) {
      io.err(`error: ${(e as Error).message}`);
      await core.close();
      return 2;
    }
  const port = Number(opts.port ?? 0);
  const agentPort = Number(opts.agentPort ?? 0);
  if (![port, agentPort].every((p) => Number.isInteger(p) && p >= 0 && p <= 65535)) {
    io.err(`error: --port and --agent-port must be port numbers`);
    await core.close();
    return 2;
  }
  let agents: Awaited<ReturnType<StartAgents>> | undefined;
  try {
    agents = await startAgents?.(core, dataDir, agentPort);
    if (agents?.problem) {
      problems.push(agents.problem);
      io.err(`warning: ${agents.problem}`);
    }
  } catch (e) {
    io.err(`error: the agent gateway could not start: ${(e as Error).message}`);
    await core.close();
    return 2;
  }
  // A team's agents reach the gateway on the service's own address (the loopback one is for its own machine).
  const gateway = () => ({
    httpUrl: team && teamAgents ? `${team.origin}/mcp` : agents?.url,
    bridgeCommand: [...CLI_COMMAND, 'bridge', '--data-dir', dataDir, '--agent'],
  });
  const overrides = {
    'agents.gateway': gateway,
    'console.problems': () => [...problems, ...configWarnings.map((w) => `--config ${w}`)],
  };
  if (team) {
    const served = { staticDir: opts.staticDir ?? RENDERER_DIR, overrides, agents: teamAgents?.(core) };
    return serveTeam(core, team, served, io, agents);
  }
  // The page's address is kept between starts (its port, and the sessions pages hold): an open tab reconnects.
  const kept = readPageEndpoint(dataDir);
  const web = (at: number) =>
    startWebServer(core, {
      port: at,
      staticDir: opts.staticDir ?? RENDERER_DIR,
      overrides,
      sessions: { kept: kept.sessions, added: (sessions) => savePageEndpoint(dataDir, { port: kept.port, sessions }) },
    });
  const wanted = opts.port === undefined ? kept.port : port;
  let server: Awaited<ReturnType<typeof startWebServer>>;
  try {
    server = await web(wanted ?? 0);
  } catch (e) {
    if (opts.port !== undefined || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    server = await web(0);
    io.err(
      `warning: the page's port ${wanted} (kept in ${pageEndpointFile(dataDir)}) is taken by another program; the page is at port ${server.port} for now, and open tabs of the old address will not come back`,
    );
  }
  kept.port = server.port;
  savePageEndpoint(dataDir, kept);
  io.out(`MCP Console ready at ${server.url}`);
  if (agents) io.out(`MCP Console agent endpoint at ${agents.url}`);
  io.err('Servers added in the page run only once you confirm their command line here, on this terminal.');
  return untilStopped(core, server, agents);
}

/** Serves until SIGINT or SIGTERM, then closes the page's server, the agents' endpoint and the core: exit 0. */
function untilStopped(
  core: ConsoleCore,
  ...parts: Array<{ close(): Promise<void>; afterCore?: boolean } | undefined>
): Promise<number> {
  return new Promise((resolvePromise) => {
    const stop = async () => {
      for (const part of parts) if (!part?.afterCore) await part?.close();
      await core.close();
      // The team's store last: the calls the core closed reach it first.
      for (const part of parts) if (part?.afterCore) await part.close();
      resolvePromise(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });
}

/**
 * `serve --team FILE`: the provider's metadata is read first (a provider that cannot be read: the service says so and
 * does not serve), then the team's page listens where the file says.
 */
async function serveTeam(
  core: ConsoleCore,
  team: TeamService,
  opts: {
    staticDir: string;
    overrides: NonNullable<HandlerOptions['overrides']>;
    agents?: TeamServerOptions['agents'];
  },
  io: ServeIo,
  agents: { url: string; close(): Promise<void> } | undefined,
): Promise<number> {
  let server: TeamServer;
  let store: TeamStore | undefined;
  try {
    if (team.store) {
      // Several instances on one database: the queue is the store's; a store that cannot be used serves nothing.
      store = await TeamStore.open(team.store, { log: (l) => io.err(l) }).catch((e: Error) => {
        throw new Error(`${e.message}; the team service does not start`, { cause: e });
      });
      await core.team().join(store, (l) => io.err(l));
      io.err(`team store ${storeName(team.store)}: this instance is ${store.instance}`);
    }
    const signIn = await TeamSignIn.start(team).catch((e: Error) => {
      throw new Error(
        `the OpenID provider ${team.file.oidc.issuer} could not be read (${e.message}); the team service does not start`,
      );
    });
    const shared = store;
    server = await startTeamServer(core, team, signIn, {
      ...opts,
      unhealthy: () => shared?.unhealthy() ?? null,
      ...(shared && { sessions: new StoreSessions(new SharedSessions(shared)) }),
    });
  } catch (e) {
    io.err(`error: ${(e as Error).message}`);
    await agents?.close();
    await core.close();
    await store?.close();
    return 2;
  }
  io.out(`MCP Console team service at ${server.url} (listening on ${team.file.listen.host}:${server.port})`);
  if (server.agentsUrl) io.out(`MCP Console team agent endpoint at ${server.agentsUrl}`);
  if (agents) io.out(`MCP Console agent endpoint at ${agents.url}`);
  const shared = store && { close: () => store.close(), afterCore: true };
  return untilStopped(core, server, agents, shared);
}
