import type { Socket } from 'node:net';
import { parseHostConfigDetailed, toHostEntry } from '../../../shared/config.js';
import type { CollectionRun } from '../../../shared/schemas/collection-run.js';
import { COMMAND_LINE } from '../../../shared/schemas/requester.js';
import type { RequestName } from '../../../shared/contract/index.js';
import { z } from 'zod';
import { DecideInput, type Approval, type CallRecord } from '../../../shared/schemas/call.js';
import { Collection } from '../../../shared/schemas/collection.js';
import { ElicitationAnswer, type ElicitationView } from '../../../shared/schemas/elicitation.js';
import { Baseline, PinFile } from '../../../shared/schemas/review.js';
import { CoreError, lineSplitter, serverIdentity, type ConsoleCore } from '../../core/index.js';
import { CHANNEL_OPS, type ChannelOp } from './channel.js';
import { Owned } from './owned.js';

/**
 * The requests a command may make through the running console: what the documented commands need, and no more. A
 * person's own acts there (adding servers, deciding an agent's call, changing settings) are not among them.
 */
const ASKS: ReadonlySet<RequestName> = new Set<RequestName>([
  'servers.list',
  'servers.status',
  'servers.ping',
  'servers.doctor',
  'servers.stderr',
  'tools.list',
  'resources.list',
  'resources.templates',
  'resources.read',
  'prompts.list',
  'prompts.get',
  'completions.complete',
  'calls.request',
  'calls.wait',
  'calls.get',
  'calls.cancel',
  'approvals.pending',
  'auth.status',
  'auth.signIn',
  'auth.signOut',
]);

/** What the console holds for a command that does not read it before letting the command go. */
const UNREAD_MAX = 64 * 1024 * 1024;

/**
 * The console's end of a command's connection (a hello of `{"commandLine":1}` on the local socket only this user can
 * open): each line a request of the command line, answered with its id; the events about what this command asked
 * for are sent as they happen. Every request is made as the command line and recorded in the console's own audit
 * log, so its calls show in History, Trace and the queue like any other. When the command goes (it ended, or was
 * interrupted), what it asked for and is not over is withdrawn.
 */
export function serveCommandLine(core: ConsoleCore, socket: Socket, rest: Buffer): void {
  const offs: Array<() => void> = [];
  const send = (msg: unknown) => {
    if (socket.destroyed) return;
    // A command that stops reading (its terminal paused, a trace flooding it) is let go, not buffered without end.
    if (socket.writableLength > UNREAD_MAX) return void socket.destroy();
    socket.write(JSON.stringify(msg) + '\n');
  };
  const own = new Owned((c) => send({ event: 'call.updated', payload: c }));
  // Following the trace: the messages of the servers the command uses, from now on, until the command goes; one
  // follower, with the whole of large messages once the command asks for them (it records).
  let following: { whole: boolean; off: () => void } | undefined;
  const follow = (whole: boolean) => {
    if (following && (following.whole || !whole)) return;
    following?.off();
    const off = core.followTrace(
      (entry, full) =>
        own.servers.has(entry.serverId) && send({ trace: entry, ...(full !== undefined && { whole: full }) }),
      { whole },
    );
    following = { whole, off };
  };
  offs.push(() => following?.off());
  offs.push(
    core.onEvent((name, payload) => {
      if ((name === 'approval.requested' || name === 'approval.resolved') && own.approval(payload as Approval))
        send({ event: name, payload });
      else if (name === 'call.updated') own.callChanged(payload as CallRecord);
      else if (name === 'elicitation.requested' && own.asked(payload as ElicitationView)) {
        own.questions.add((payload as ElicitationView).id);
        send({ event: name, payload });
      } else if (name === 'collection.run' && own.runs.has((payload as CollectionRun).id))
        send({ event: name, payload });
    }),
  );
  const answer = async (id: unknown, work: () => unknown) => {
    try {
      send({ id, ok: true, value: (await work()) ?? null });
    } catch (e) {
      const err = e as CoreError;
      send({
        id,
        ok: false,
        error: { code: typeof err.code === 'string' ? err.code : 'failed', message: err.message },
      });
    }
  };
  const feed = lineSplitter(
    (line) => {
      let msg: { id?: unknown; op?: unknown; [k: string]: unknown };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        return void send({ ok: false, error: { code: 'bad-line', message: 'a line that is not JSON' } });
      }
      if (!msg || typeof msg !== 'object' || Array.isArray(msg))
        return void send({ ok: false, error: { code: 'bad-line', message: 'a line that is not a JSON object' } });
      if (typeof msg.op !== 'string' || !(CHANNEL_OPS as readonly string[]).includes(msg.op))
        return void send({
          id: msg.id,
          ok: false,
          error: { code: 'unknown-op', message: `no operation ${String(msg.op)}` },
        });
      void answer(msg.id, () => perform(core, own, msg.op as ChannelOp, msg, follow));
    },
    { onOversize: () => socket.destroy() },
  );
  socket.on('data', feed);
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    for (const off of offs) off();
    withdraw(core, own);
  });
  if (rest.length) feed(rest);
  socket.resume();
}

/**
 * The command went: its calls and runs that are not over end now (a pending one is withdrawn, a running one
 * cancelled).
 */
function withdraw(core: ConsoleCore, own: Owned): void {
  for (const callId of own.calls)
    core
      .ask('calls.get', { callId }, COMMAND_LINE)
      .then((c) => {
        if (c.state === 'awaiting-approval' || c.state === 'running')
          core.withdrawCall(callId, 'withdrawn: the command that asked for it ended before the call did');
      })
      .catch(() => undefined);
  const runs = core.collectionRuns();
  for (const runId of own.runs) {
    try {
      const r = runs.get(runId);
      if (r.status === 'awaiting-approval' || r.status === 'running') runs.cancel(runId);
    } catch {
      /* already gone from the runs kept */
    }
  }
}

type Msg = Record<string, unknown>;

/** What each operation carries besides its name, checked before anything is done with it. */
const Params = {
  ask: z.object({ name: z.string().max(100), input: z.record(z.string(), z.unknown()).default({}) }),
  connect: z.object({ serverId: z.string().max(200), era: z.enum(['auto', 'modern', 'legacy']).optional() }),
  loadServers: z.object({ text: z.string().max(5_000_000), cwd: z.string().max(4096).optional() }),
  decide: z.object({ input: DecideInput, by: z.enum(['user', 'cli-flag', 'system']) }),
  answer: z.object({ answer: ElicitationAnswer }),
  review: z.object({ serverIds: z.array(z.string().max(200)).max(1000), baseline: Baseline, pins: PinFile.nullable() }),
  reviewed: z.object({ serverId: z.string().max(200) }),
  trace: z.object({ whole: z.boolean().optional() }),
  runRequest: z.object({
    collection: Collection,
    file: z.string().max(4096),
    opts: z.object({
      against: z.string().max(200).optional(),
      updateSnapshots: z.boolean().optional(),
      env: z.record(z.string(), z.string()).optional(),
    }),
  }),
  runDecide: z.object({
    runId: z.string().max(100),
    decision: z.enum(['approve', 'deny']),
    scopeHash: z.string().max(100),
    by: z.enum(['user', 'cli-flag']),
  }),
  runCancel: z.object({ runId: z.string().max(100) }),
  runWait: z.object({ runId: z.string().max(100) }),
  runObserved: z.object({ runId: z.string().max(100), stepId: z.string().max(200) }),
} satisfies Record<ChannelOp, z.ZodType>;

function paramsOf<O extends ChannelOp>(op: O, m: Msg): z.infer<(typeof Params)[O]> {
  const r = Params[op].safeParse(m);
  if (!r.success) throw new CoreError('bad-request', `${op}: ${r.error.issues[0]?.message ?? 'not what it takes'}`);
  return r.data as z.infer<(typeof Params)[O]>;
}

async function perform(
  core: ConsoleCore,
  own: Owned,
  op: ChannelOp,
  m: Msg,
  follow: (whole: boolean) => void,
): Promise<unknown> {
  const runs = core.collectionRuns();
  const mine = (runId: string) => {
    if (!own.runs.has(runId)) throw new CoreError('not-yours', `run ${runId} was not asked for by this command`);
    return runId;
  };
  switch (op) {
    case 'ask': {
      const p = paramsOf('ask', m);
      return ask(core, own, p.name as RequestName, p.input);
    }
    case 'connect': {
      const p = paramsOf('connect', m);
      return connectOnce(core, own, p.serverId, p.era);
    }
    case 'loadServers': {
      const p = paramsOf('loadServers', m);
      return loadServers(core, p.text, p.cwd);
    }
    case 'decide': {
      const p = paramsOf('decide', m);
      const a = (await core.ask('approvals.pending', {}, COMMAND_LINE)).find((x) => x.id === p.input.approvalId);
      if (!a || !own.approval(a)) throw new CoreError('not-yours', 'this command may decide only what it asked for');
      return core.decide(p.input, p.by);
    }
    case 'answer': {
      const p = paramsOf('answer', m);
      if (!own.questions.has(p.answer.id))
        throw new CoreError('not-yours', 'this command may answer only the questions it was told of');
      return void core.answerQuestion(p.answer, COMMAND_LINE);
    }
    case 'review': {
      const p = paramsOf('review', m);
      for (const id of p.serverIds) own.servers.add(id);
      return core.review(p.serverIds, p.baseline, p.pins);
    }
    case 'reviewed':
      return core.reviewedDefinitions(paramsOf('reviewed', m).serverId);
    case 'trace':
      return follow(paramsOf('trace', m).whole === true);
    case 'runRequest': {
      const p = paramsOf('runRequest', m);
      const run = runs.request(p.collection, p.file, COMMAND_LINE, p.opts);
      own.runs.add(run.id);
      for (const s of run.scope.servers) own.servers.add(s);
      return run;
    }
    case 'runDecide': {
      const p = paramsOf('runDecide', m);
      return runs.decide(mine(p.runId), p.decision, p.scopeHash, p.by);
    }
    case 'runCancel':
      return runs.cancel(mine(paramsOf('runCancel', m).runId));
    case 'runWait':
      return runs.wait(mine(paramsOf('runWait', m).runId));
    case 'runObserved': {
      const p = paramsOf('runObserved', m);
      return runs.observed(mine(p.runId), p.stepId) ?? null;
    }
  }
}

/** One request of the contract, if a command may make it; a call, its approval and its record only of its own. */
async function ask(core: ConsoleCore, own: Owned, name: RequestName, input: Msg): Promise<unknown> {
  if (!ASKS.has(name)) throw new CoreError('not-allowed', `${name} is not something the command line asks the console`);
  if (
    (name === 'calls.wait' || name === 'calls.get' || name === 'calls.cancel') &&
    !own.calls.has(String(input.callId))
  )
    throw new CoreError('not-yours', 'this command may follow only the calls it asked for');
  if (typeof input.serverId === 'string') own.servers.add(input.serverId);
  const value = await core.ask(name, input as never, COMMAND_LINE);
  if (name === 'calls.request') own.claim((value as { id: string }).id);
  if (name === 'approvals.pending') return (value as Approval[]).filter((a) => own.approval(a));
  return value;
}

/**
 * Connects a server for the command unless the console has it connected already: a person's live connection is not
 * replaced under them. A server the command connects stays connected in the console afterwards.
 */
async function connectOnce(
  core: ConsoleCore,
  own: Owned,
  serverId: string,
  era?: 'auto' | 'modern' | 'legacy',
): Promise<unknown> {
  own.servers.add(serverId);
  const v = await core.ask('servers.status', { serverId }, COMMAND_LINE);
  if (v.status === 'connected' && (era === undefined || era === 'auto' || era === v.era)) return v;
  return core.connect(serverId, era);
}

/**
 * The servers of the command's `--config` file that the console does not have, added for the console's run (naming
 * the file is the person's consent, as at the console's own start); a command line without a folder of its own runs
 * in the command's. A server the console has under the same name but
 * with another command line or address is refused: the person's server is not replaced.
 */
async function loadServers(
  core: ConsoleCore,
  text: string,
  cwd?: string,
): Promise<{ added: string[]; disabled: string[]; warnings: string[] }> {
  const parsed = parseHostConfigDetailed(text);
  const known = new Map((await core.ask('servers.list', {}, COMMAND_LINE)).map((s) => [s.id, s.identity]));
  const fresh: Record<string, unknown> = {};
  for (const [id, config] of Object.entries(parsed.servers)) {
    const there = known.get(id);
    // A command line's relative paths are the command's: it runs where the command was typed, not where the console
    // was.
    if (there === undefined)
      fresh[id] = toHostEntry(config.type === 'stdio' && !config.cwd && cwd ? { ...config, cwd } : config);
    else if (there !== serverIdentity(config))
      throw new CoreError(
        'server-differs',
        `the console already has a server ${JSON.stringify(id)} that runs something else than this file's; change one of the names, or use the console's`,
      );
  }
  const added = Object.keys(fresh).length ? core.loadConfig(JSON.stringify({ mcpServers: fresh })).ids : [];
  return { added, disabled: parsed.disabled, warnings: parsed.warnings };
}
