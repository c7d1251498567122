import type { Approval } from '../../../shared/schemas/call.js';
import { COMMAND_LINE } from '../../../shared/schemas/requester.js';
import { consentText, startCore, type ConsentProvider, type ConsoleCore } from '../../core/index.js';
import { policyOption, str, UsageError, type ParsedArgs } from './args.js';
import { answerOnTerminal, elicitFlag, type ElicitFlag } from './elicit.js';
import { approvalText, plural, resultText, safe, summary, toolJson, toolLine } from './format.js';
import { cliAuth } from './sign-in.js';
import type { Io } from './io.js';

/** Exit codes of `call` (AUTOMATION.md). */
export const EXIT = { ok: 0, toolError: 1, protocol: 2, denied: 3 } as const;

export { processIo, type Io } from './io.js';

export { UsageError } from './args.js';

/** Opens a core on the data directory with the --config servers loaded, and connects one server. */
export async function openServer(
  args: ParsedArgs,
  io: Io,
  id = args.positional[1],
  beforeConnect?: (core: ConsoleCore) => void,
  /** Keep the core open when the connection fails (the doctor reports it). */
  keepFailed = false,
): Promise<{ core: ConsoleCore; id: string } | number> {
  if (!id) throw new UsageError('name the server');
  const era = str(args, 'era');
  if (era !== undefined && era !== 'auto' && era !== 'modern' && era !== 'legacy')
    throw new UsageError(`--era must be auto, modern or legacy, not ${JSON.stringify(era)}`);
  const config = str(args, 'config');
  const { core, problems, configWarnings, configError, disabled } = startCore({
    dataDir: str(args, 'data-dir'),
    configFile: config,
    consent: cliConsent(io),
    auth: cliAuth(io, args),
    policy: policyOption(args),
    // A command's run is fixed: no roots can be added, so none are offered to a server without them.
    fixedRoots: true,
  });
  for (const p of problems) io.err(`warning: ${safe(p)}`);
  for (const w of configWarnings) io.err(`warning: ${safe(w)}`);
  if (configError) {
    io.err(`error: ${safe(configError)}`);
    await core.close();
    return EXIT.protocol;
  }
  const known = (await core.ask('servers.list', {})).map((s) => s.id);
  if (!known.includes(id) && disabled.includes(id)) {
    io.err(`error: server ${JSON.stringify(safe(id, true))} is disabled in ${config} ("disabled": true)`);
    await core.close();
    return EXIT.protocol;
  }
  if (!known.includes(id)) {
    io.err(
      `error: no server ${JSON.stringify(id)}${config ? ` in ${config}` : ''}; known: ${known.join(', ') || 'none'}`,
    );
    await core.close();
    return EXIT.protocol;
  }
  beforeConnect?.(core);
  const v = await core.connect(id, era);
  if (v.status !== 'connected' && !keepFailed) {
    io.err(`error: could not connect to ${safe(id)}: ${safe(v.error ?? v.status)}`);
    for (const l of v.lastStderr ?? []) io.err(`  stderr: ${safe(l)}`);
    await core.close();
    return EXIT.protocol;
  }
  if (v.error) io.err(`warning: ${safe(v.error)}`);
  return { core, id };
}

/**
 * Consent on this terminal, when there is one: a saved server whose command line nobody confirmed yet is asked about
 * here.
 */
export function cliConsent(io: Io): ConsentProvider {
  return {
    where: 'this terminal',
    via: 'terminal',
    ask: async (q) => {
      if (!io.isTTY) return 'unavailable';
      io.err(consentText(q));
      return /^\s*(y|yes)\s*$/i.test(await io.ask('[y/N] '));
    },
  };
}

/** `tools <server> --config F [--json]` */
export async function toolsCommand(args: ParsedArgs, io: Io): Promise<number> {
  const opened = await openServer(args, io);
  if (typeof opened === 'number') return opened;
  const { core, id } = opened;
  try {
    const tools = await core.ask('tools.list', { serverId: id });
    const v = await core.ask('servers.status', { serverId: id });
    if (tools.length === 0 && v.error?.startsWith('tools/list failed')) {
      // Nothing on stdout: a script reading it must not mistake a failure for an empty catalog.
      io.err(`error: ${safe(v.error)}`);
      return EXIT.protocol;
    }
    if (v.catalogStale) io.err(`warning: the tools shown may not be what the server runs: ${safe(v.catalogStale)}`);
    if (args.flags.has('json')) io.out(JSON.stringify(tools.map(toolJson), null, 2));
    else {
      for (const t of tools) io.out(toolLine(t));
      io.err(plural(tools.length, 'tool'));
    }
    return (await core.ask('servers.status', { serverId: id })).error ? EXIT.protocol : EXIT.ok;
  } finally {
    await core.close();
  }
}

/** `call <server> <tool> --args JSON --config F [--yes] [--json]` */
export async function callCommand(args: ParsedArgs, io: Io): Promise<number> {
  const toolName = args.positional[2];
  if (!toolName) throw new UsageError('name the tool');
  const callArgs = argsFlag(args);
  let elicit: ElicitFlag;
  try {
    elicit = elicitFlag(args);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const opened = await openServer(args, io);
  if (typeof opened === 'number') return opened;
  const { core, id } = opened;
  try {
    answerOnTerminal(core, id, elicit, io);
    let record;
    try {
      record = await core.ask(
        'calls.request',
        { serverId: id, tool: toolName, args: callArgs, asTask: args.flags.has('task') || undefined },
        COMMAND_LINE,
      );
    } catch (e) {
      io.err(`error: ${safe((e as Error).message)}`);
      return EXIT.protocol;
    }
    const callId = record.id;
    // A task of this call (tasks extension) may ask for input: its tasks/update is decided like the call.
    const off = core.onEvent((name, p) => {
      const a = p as Approval;
      if (name === 'approval.requested' && a.callId === callId && a.method === 'tasks/update')
        decideOnTerminal(core, a, args, io).catch((e: Error) => io.err(`error: ${safe(e.message)}`));
    });
    const approval = record.approvalId
      ? (await core.ask('approvals.pending', {})).find((a) => a.id === record.approvalId)
      : undefined;
    if (approval?.status === 'pending') await decideOnTerminal(core, approval, args, io);
    const done = await core.ask('calls.wait', { callId: record.id }).finally(off);
    if (args.flags.has('json')) io.out(JSON.stringify(done, null, 2));
    else if (done.result) io.out(resultText(done));
    switch (done.outcome) {
      case 'ok':
        return EXIT.ok;
      case 'tool-error':
        io.err('the tool reported an error (isError)');
        return EXIT.toolError;
      case 'denied':
        io.err(`not sent: ${done.reason ?? 'denied'}${done.error ? ` (${done.error.message})` : ''}`);
        return EXIT.denied;
      default:
        io.err(
          `${done.outcome}: ${safe(done.error?.message ?? done.reason ?? '')}${done.error ? ` (code ${done.error.code})` : ''}`,
        );
        return EXIT.protocol;
    }
  } finally {
    await core.close();
  }
}

export async function decideOnTerminal(core: ConsoleCore, a: Approval, args: ParsedArgs, io: Io): Promise<void> {
  const decide = (decision: 'approve' | 'deny', actor: 'user' | 'cli-flag' | 'system', reason?: string) =>
    core.decide({ approvalId: a.id, decision, argsHash: a.argsHash, scope: 'once', reason }, actor);
  // An organisation's "ask" is for a person to answer each time: a flag given in advance does not.
  const rule = a.rule?.effect === 'ask' ? a.rule : undefined;
  if (args.flags.has('yes') && rule && !io.isTTY) {
    io.err(approvalText(a));
    io.err(
      `Refusing to call: the organisation's policy rule ${safe(rule.id)} asks a person each time, and --yes does not answer it. Nothing was sent.`,
    );
    decide('deny', 'system', `policy rule ${rule.id} asks a person; --yes does not answer it`);
    return;
  }
  if (args.flags.has('yes') && !rule) {
    io.err(approvalText(a));
    io.err('Approved by --yes.');
    decide('approve', 'cli-flag', 'approved with --yes');
    return;
  }
  if (!io.isTTY) {
    io.err('Refusing to call: there is no terminal to ask for approval and --yes was not given. Nothing was sent.');
    decide('deny', 'system', 'no terminal to ask and no --yes');
    return;
  }
  io.out(approvalText(a));
  const answer = (await io.ask(a.method === 'tasks/update' ? 'Send these answers? [y/N] ' : 'Send this call? [y/N] '))
    .trim()
    .toLowerCase();
  if (answer === 'y' || answer === 'yes') decide('approve', 'user');
  else decide('deny', 'user', 'denied on the terminal');
}

/** `--args JSON`: a JSON object, or {} when absent. */
function argsFlag(args: ParsedArgs): Record<string, unknown> {
  const raw = str(args, 'args');
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new UsageError(`--args is not JSON: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError('--args must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** Opens a server, runs `work`, and closes the core; a failure the server reports is exit 2 with its reason. */
export async function withServer(
  args: ParsedArgs,
  io: Io,
  server: string,
  work: (core: ConsoleCore, id: string) => Promise<number>,
): Promise<number> {
  const opened = await openServer(args, io, server);
  if (typeof opened === 'number') return opened;
  try {
    return await work(opened.core, opened.id);
  } catch (e) {
    io.err(`error: ${safe((e as Error).message)}`);
    return EXIT.protocol;
  } finally {
    await opened.core.close();
  }
}

/** `resources list <server>` · `resources read <server> <uri>` (each with --config, --json, --data-dir, --era) */
export async function resourcesCommand(args: ParsedArgs, io: Io): Promise<number> {
  const [, sub, server, uri] = args.positional;
  if (sub !== 'list' && sub !== 'read')
    throw new UsageError(
      sub ? `unknown resources command ${JSON.stringify(sub)}` : 'resources needs a subcommand: list or read',
    );
  if (!server) throw new UsageError('name the server');
  if (sub === 'read' && !uri) throw new UsageError('name the resource: resources read <server> <uri>');
  return withServer(args, io, server, async (core, id) => {
    if (sub === 'list') {
      const resources = await core.ask('resources.list', { serverId: id }, COMMAND_LINE);
      const templates = await core.ask('resources.templates', { serverId: id }, COMMAND_LINE);
      if (args.flags.has('json')) io.out(JSON.stringify({ resources, templates }, null, 2));
      else {
        for (const r of resources)
          io.out(
            `${safe(r.uri, true)}  ${safe(r.title ?? r.name, true)}${r.mimeType ? `  ${safe(r.mimeType, true)}` : ''}`,
          );
        for (const t of templates) io.out(`${safe(t.uriTemplate, true)}  ${safe(t.title ?? t.name, true)}  (template)`);
        io.err(`${plural(resources.length, 'resource')}, ${plural(templates.length, 'template')}`);
      }
      return EXIT.ok;
    }
    const result = await core.ask('resources.read', { serverId: id, uri: uri! }, COMMAND_LINE);
    if (args.flags.has('json')) io.out(JSON.stringify(result, null, 2));
    else
      for (const c of result.contents) {
        if (typeof c.text === 'string') io.out(safe(c.text));
        else
          io.err(
            `${safe(c.uri, true)}: ${c.blob === undefined ? 'no content' : `${Math.round((c.blob.length * 3) / 4)} bytes of ${safe(c.mimeType ?? 'binary', true)} (use --json for base64)`}`,
          );
      }
    return EXIT.ok;
  });
}

/**
 * `prompts list <server>` · `prompts get <server> <name> [--args JSON]` (each with --config, --json, --data-dir, --era)
 */
export async function promptsCommand(args: ParsedArgs, io: Io): Promise<number> {
  const [, sub, server, name] = args.positional;
  if (sub !== 'list' && sub !== 'get')
    throw new UsageError(
      sub ? `unknown prompts command ${JSON.stringify(sub)}` : 'prompts needs a subcommand: list or get',
    );
  if (!server) throw new UsageError('name the server');
  if (sub === 'get' && !name) throw new UsageError('name the prompt: prompts get <server> <name>');
  const promptArgs = argsFlag(args);
  if (Object.values(promptArgs).some((v) => typeof v !== 'string'))
    throw new UsageError('--args must be a JSON object of strings (prompt arguments are strings)');
  return withServer(args, io, server, async (core, id) => {
    if (sub === 'list') {
      const prompts = await core.ask('prompts.list', { serverId: id });
      if (args.flags.has('json')) io.out(JSON.stringify(prompts, null, 2));
      else {
        for (const p of prompts)
          io.out(
            `${safe(p.name, true)}${(p.arguments ?? []).length ? `(${(p.arguments ?? []).map((a) => `${safe(a.name, true)}${a.required ? '' : '?'}`).join(', ')})` : ''}  ${p.title ? safe(p.title, true) : summary(p.description ?? '')}`,
          );
        io.err(plural(prompts.length, 'prompt'));
      }
      return EXIT.ok;
    }
    const result = await core.ask(
      'prompts.get',
      { serverId: id, name: name!, arguments: promptArgs as Record<string, string> },
      COMMAND_LINE,
    );
    if (args.flags.has('json')) io.out(JSON.stringify(result, null, 2));
    else
      for (const m of result.messages)
        io.out(
          `[${m.role}] ${m.content.type === 'text' ? safe(String(m.content.text)) : `(${safe(m.content.type, true)} block)`}`,
        );
    return EXIT.ok;
  });
}
