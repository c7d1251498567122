import { connect, type Socket } from 'node:net';
import { CoreError, lineSplitter, type AnyListener } from '../../core/index.js';
import type { TraceEntry } from '../../../shared/schemas/trace.js';
import { COMMAND_LINE_HELLO, type ChannelOp, type RunningConsole } from './channel.js';
import type { CommandCore } from './command-core.js';

/** How long a console that accepted the socket has to answer its first line. */
const HELLO_MS = 10_000;

interface Waiting {
  resolve(value: unknown): void;
  reject(e: Error): void;
}

/** Opens the socket and trades the first lines; rejects with what went wrong, said for a person. */
function open(found: RunningConsole): Promise<{ socket: Socket; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect(found.socket);
    let buf = Buffer.alloc(0);
    const fail = (why: string) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(`MCP Console (process ${found.pid}) runs on this data directory but ${why}`));
    };
    const timer = setTimeout(() => fail(`did not answer on ${found.socket} within ${HELLO_MS / 1000} s`), HELLO_MS);
    socket.once('error', (e) => fail(`its socket ${found.socket} could not be opened: ${e.message}`));
    socket.on('connect', () => socket.write(JSON.stringify(COMMAND_LINE_HELLO) + '\n'));
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const nl = buf.indexOf(0x0a);
      if (nl < 0) return buf.length > 4096 ? fail('answered with something else than a console') : undefined;
      socket.off('data', onData);
      socket.pause();
      clearTimeout(timer);
      let hello: { ok?: unknown; error?: unknown };
      try {
        hello = JSON.parse(buf.subarray(0, nl).toString('utf8')) as typeof hello;
      } catch {
        return fail('answered with something else than a console');
      }
      if (hello.ok !== true)
        return fail(`refused the command line: ${typeof hello.error === 'string' ? hello.error : 'no reason given'}`);
      socket.removeAllListeners('error');
      resolve({ socket, rest: buf.subarray(nl + 1) });
    };
    socket.on('data', onData);
  });
}

/** A command's core through the running console, and what only that way has: the command's --config servers added. */
export interface ConsoleLink extends CommandCore {
  loadServers(text: string): Promise<{ added: string[]; disabled: string[]; warnings: string[] }>;
}

/**
 * The console running on the data directory, as a command's core: every request goes over its local socket and is
 * the console's to answer, check and record (one audit log, one writer). Rejects when the console cannot be reached.
 */
export async function throughConsole(found: RunningConsole): Promise<ConsoleLink> {
  const { socket, rest } = await open(found);
  const waiting = new Map<number, Waiting>();
  const listeners = new Set<AnyListener>();
  const tracers = new Set<(e: TraceEntry, whole?: unknown) => void>();
  let next = 1;
  let gone: string | undefined;
  const feed = lineSplitter((line) => {
    let m: { id?: number; ok?: boolean; value?: unknown; error?: { code: string; message: string } };
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(line) as Record<string, unknown>;
      m = msg as typeof m;
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (typeof msg.event === 'string') for (const l of listeners) l(msg.event as never, msg.payload as never);
    else if (msg.trace !== undefined) for (const t of tracers) t(msg.trace as TraceEntry, msg.whole);
    else if (typeof m.id === 'number') {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.ok) w?.resolve(m.value);
      else w?.reject(new CoreError(m.error?.code ?? 'failed', m.error?.message ?? 'the console refused'));
    }
  });
  socket.on('data', feed);
  socket.on('error', () => socket.destroy());
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      gone ??= `MCP Console (process ${found.pid}) went away before it answered`;
      for (const w of waiting.values()) w.reject(new Error(gone));
      waiting.clear();
      resolve();
    }),
  );
  if (rest.length) feed(rest);
  socket.resume();

  const call = <T>(op: ChannelOp, params: Record<string, unknown> = {}): Promise<T> => {
    if (gone !== undefined || socket.destroyed)
      return Promise.reject(new Error(gone ?? 'the console is not reachable'));
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.write(JSON.stringify({ id, op, ...params }) + '\n');
    });
  };
  let tracing: Promise<unknown> | undefined;
  let tracingWhole: Promise<unknown> | undefined;

  return {
    beside: { pid: found.pid },
    ask: (name, input) => call('ask', { name, input }),
    onEvent: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    connect: (serverId, era) => call('connect', { serverId, era }),
    decide: (input, by) => call('decide', { input, by }),
    answerQuestion: (answer) => call('answer', { answer }),
    review: (serverIds, baseline, pins) => call('review', { serverIds, baseline, pins }),
    reviewedDefinitions: (serverId) => call('reviewed', { serverId }),
    // One following per connection; asked again, with `whole`, once a listener takes whole messages.
    followTrace: async (listener, opts) => {
      tracers.add(listener);
      if (opts?.whole) await (tracingWhole ??= call('trace', { whole: true }));
      else await (tracing ??= tracingWhole ?? call('trace'));
      return () => tracers.delete(listener);
    },
    runs: {
      request: (collection, file, opts) => call('runRequest', { collection, file, opts }),
      decide: (runId, decision, scopeHash, by) => call('runDecide', { runId, decision, scopeHash, by }),
      cancel: (runId) => call('runCancel', { runId }),
      wait: (runId) => call('runWait', { runId }),
      observed: (runId, stepId) => call('runObserved', { runId, stepId }),
    },
    loadServers: (text: string) => call('loadServers', { text, cwd: process.cwd() }),
    close: async () => {
      gone = 'closed';
      socket.end();
      await closed;
    },
  };
}
