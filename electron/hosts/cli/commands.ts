import type { Approval } from '../../../shared/schemas/call.js';
import { str, UsageError, type ParsedArgs } from './args.js';
import type { CommandCore } from './command-core.js';
import { openCoreOr } from './open-core.js';
import { decideOnTerminal } from './decide.js';
import { answerOnTerminal, elicitFlag, type ElicitFlag } from './elicit.js';
import { plural, resultText, safe, summary, toolJson, toolLine } from './format.js';
import type { Io } from './io.js';

/** Exit codes of `call` (AUTOMATION.md). */
export const EXIT = { ok: 0, toolError: 1, protocol: 2, denied: 3 } as const;

export { processIo, type Io } from './io.js';

export { UsageError } from './args.js';
export { cliConsent } from './consent.js';
export { decideOnTerminal } from './decide.js';

/**
 * Opens the command's core (the console running on the data directory, or one of its own) with the --config servers
 * there, and connects one server.
 */
export async function openServer(
  args: ParsedArgs,
  io: Io,
  id = args.positional[1],
  beforeConnect?: (core: CommandCore) => void | Promise<unknown>,
  /** Keep the core open when the connection fails (the doctor reports it). */
  keepFailed = false,
): Promise<{ core: CommandCore; id: string } | number> {
  if (!id) throw new UsageError('name the server');
  const era = str(args, 'era');
  if (era !== undefined && era !== 'auto' && era !== 'modern' && era !== 'legacy')
    throw new UsageError(`--era must be auto, modern or legacy, not ${JSON.stringify(era)}`);
  const config = str(args, 'config');
  const opened = await openCoreOr(args, io, EXIT.protocol, { policy: true });
  if (typeof opened === 'number') return opened;
  const { core, problems, configWarnings, configError, disabled } = opened;
  for (const p of problems) io.err(`warning: ${safe(p)}`);
  for (const w of configWarnings) io.err(`warning: ${safe(w)}`);
  const fail = async (line: string) => {
    io.err(line);
    await core.close();
    return EXIT.protocol;
  };
  if (configError) return fail(`error: ${safe(configError)}`);
  const known = (await core.ask('servers.list', {})).map((s) => s.id);
  if (!known.includes(id) && disabled.includes(id))
    return fail(`error: server ${JSON.stringify(safe(id, true))} is disabled in ${config} ("disabled": true)`);
  if (!known.includes(id))
    return fail(
      `error: no server ${JSON.stringify(id)}${config ? ` in ${config}` : ''}; known: ${known.join(', ') || 'none'}`,
    );
  try {
    await beforeConnect?.(core);
    const v = await core.connect(id, era);
    if (v.status !== 'connected' && !keepFailed) {
      io.err(`error: could not connect to ${safe(id)}: ${safe(v.error ?? v.status)}`);
      for (const l of v.lastStderr ?? []) io.err(`  stderr: ${safe(l)}`);
      await core.close();
      return EXIT.protocol;
    }
    if (v.error) io.err(`warning: ${safe(v.error)}`);
  } catch (e) {
    return fail(`error: could not connect to ${safe(id)}: ${safe((e as Error).message)}`);
  }
  return { core, id };
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
    const offQuestions = answerOnTerminal(core, id, elicit, io);
    let record;
    try {
      record = await core.ask('calls.request', {
        serverId: id,
        tool: toolName,
        args: callArgs,
        asTask: args.flags.has('task') || undefined,
      });
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
    const done = await core.ask('calls.wait', { callId: record.id }).finally(() => (off(), offQuestions()));
    if (args.flags.has('json')) io.out(JSON.stringify(done, null, 2));
    else if (done.result) io.out(resultText(done));
    switch (done.outcome) {
      case 'ok':
        return EXIT.ok;
      case 'tool-error':
        io.err('the tool reported an error (isError)');
        return EXIT.toolError;
      case 'denied':
        // A reason that says so already is not said twice ("not sent: not sent: …").
        io.err(
          `${/^not sent\b/i.test(done.reason ?? '') ? '' : 'not sent: '}${safe(done.reason ?? 'denied')}${done.error ? ` (${safe(done.error.message)})` : ''}`,
        );
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
  work: (core: CommandCore, id: string) => Promise<number>,
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
      const resources = await core.ask('resources.list', { serverId: id });
      const templates = await core.ask('resources.templates', { serverId: id });
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
    const result = await core.ask('resources.read', { serverId: id, uri: uri! });
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
    const result = await core.ask('prompts.get', {
      serverId: id,
      name: name!,
      arguments: promptArgs as Record<string, string>,
    });
    if (args.flags.has('json')) io.out(JSON.stringify(result, null, 2));
    else
      for (const m of result.messages)
        io.out(
          `[${m.role}] ${m.content.type === 'text' ? safe(String(m.content.text)) : `(${safe(m.content.type, true)} block)`}`,
        );
    return EXIT.ok;
  });
}
