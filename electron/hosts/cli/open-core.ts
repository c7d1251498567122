import { readPlacedText, resolveDataDir, startCore } from '../../core/index.js';
import { policyOption, str, type ParsedArgs } from './args.js';
import type { FindConsole, RunningConsole } from './channel.js';
import { ownCore, type CommandCore } from './command-core.js';
import { cliConsent } from './consent.js';
import { safe } from './format.js';
import type { Io } from './io.js';
import { cliAuth } from './sign-in.js';
import { recorded } from './record.js';
import { throughConsole } from './through-console.js';

let finder: FindConsole = () => null;

/**
 * How this run finds a console already running on its data directory (the launch hands it in; none in tests of
 * `run`).
 */
export function findConsoleWith(find: FindConsole | undefined): void {
  finder = find ?? (() => null);
}

/** The console running on the data directory this command names, or null. */
export function consoleOn(args: ParsedArgs): RunningConsole | null {
  return finder(resolveDataDir(str(args, 'data-dir')));
}

/** A command's core and what its start found. */
export interface OpenedCore {
  core: CommandCore;
  problems: string[];
  configWarnings: string[];
  /** The --config file could not be used at all; its servers are absent. */
  configError?: string;
  disabled: string[];
}

/**
 * The core a command works with. When a console runs on the data directory, that console: the command's calls are
 * its calls (its History, Trace and queue, its one audit log), and the --config servers it does not have are added to
 * it for its run. Otherwise a core of the command's own, as before.
 */
export async function openCore(args: ParsedArgs, io: Io, opts: { policy?: boolean } = {}): Promise<OpenedCore> {
  const opened = await openUnrecorded(args, io, opts);
  const file = str(args, 'record');
  if (file === undefined) return opened;
  try {
    return { ...opened, core: await recorded(opened.core, file, args.positional[0] ?? 'command', io) };
  } catch (e) {
    await opened.core.close();
    throw e;
  }
}

async function openUnrecorded(args: ParsedArgs, io: Io, opts: { policy?: boolean }): Promise<OpenedCore> {
  const dataDir = resolveDataDir(str(args, 'data-dir'));
  const config = str(args, 'config');
  const found = finder(dataDir);
  if (!found) {
    const started = startCore({
      dataDir,
      configFile: config,
      consent: cliConsent(io),
      auth: cliAuth(io, args),
      ...(opts.policy && { policy: policyOption(args) }),
      // A command's run is fixed: no roots can be added, so none are offered to a server without them.
      fixedRoots: true,
    });
    return { ...started, core: ownCore(started.core) };
  }
  const link = await throughConsole(found);
  io.err(`through MCP Console (process ${found.pid}), which runs on ${dataDir}: what this command does shows there`);
  const opened: OpenedCore = { core: link, problems: [], configWarnings: [], disabled: [] };
  if (opts.policy && policyOption(args))
    opened.problems.push(
      `--policy is not applied: the console decides with the policy it started with (mcp-console policy explain shows what it says)`,
    );
  if (!config) return opened;
  try {
    const loaded = await link.loadServers(readPlacedText(config, 'the config file'));
    opened.configWarnings = loaded.warnings.map((w) => `${config}: ${w}`);
    opened.disabled = loaded.disabled;
    if (loaded.added.length)
      io.err(
        `added to the console for its run: ${loaded.added.map((id) => safe(id, true)).join(', ')} (from ${config})`,
      );
  } catch (e) {
    opened.configError = `${config}: ${(e as Error).message}`;
  }
  return opened;
}

/** The command's core, or, when the console running on the data directory cannot be reached, that said and `code`. */
export async function openCoreOr(
  args: ParsedArgs,
  io: Io,
  code: number,
  opts: { policy?: boolean } = {},
): Promise<OpenedCore | number> {
  try {
    return await openCore(args, io, opts);
  } catch (e) {
    io.err(`error: ${safe((e as Error).message)}`);
    return code;
  }
}
