import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { CallToolResult } from '../../../shared/schemas/content.js';
import type { TaskInfo } from '../../../shared/schemas/call.js';
import { TASK_HANDLE } from '../servers/index.js';
import { sdk } from '../support/index.js';
import { runAsTask } from './task-run.js';

/** The tasks extension (2026-07-28, SEP-2663): its identifier, as declared in capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const DEFAULT_POLL_MS = 1000;
const MIN_POLL_MS = 100;
/** tasks/get failures in a row before the console stops following a task. */
const MAX_POLL_FAILURES = 3;
/** How long past its ttlMs (counted from when the handle came) a task that has not ended is still followed. */
export const TTL_GRACE_MS = 2000;

const Task = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  pollIntervalMs: z.number().optional(),
  ttlMs: z.number().nullable().optional(),
});
/** What tasks/get answers: the task, with its input requests, result or error by status. */
const DetailedTask = Task.extend({
  inputRequests: z
    .record(z.string(), z.looseObject({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});
const Ack = z.looseObject({});

export type InputRequest = { method: string; params?: Record<string, unknown> };

/** A task handle the core found in a tools/call result, or undefined when the result is the outcome itself. */
export function taskHandle(result: Record<string, unknown>): z.infer<typeof Task> | undefined {
  const h = result[TASK_HANDLE];
  if (h === undefined) return undefined;
  const parsed = Task.safeParse(h);
  if (!parsed.success)
    throw new Error(`the server answered with a task the console cannot read: ${parsed.error.message}`);
  return parsed.data;
}

export interface TaskHooks {
  onStatus(t: TaskInfo): void;
  /**
   * Answers the input requests the server made (new keys only): resolves to the inputResponses to
   * send in tasks/update, or to undefined when they must not be sent (the person or the gate said
   * no; the task is then cancelled).
   */
  input(requests: Record<string, InputRequest>, signal: AbortSignal): Promise<Record<string, unknown> | undefined>;
}

const info = (t: z.infer<typeof Task>): TaskInfo => ({
  taskId: t.taskId,
  status: t.status,
  statusMessage: t.statusMessage,
  pollInterval: t.pollIntervalMs,
});
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Follows a task the server made for a tool call (tasks extension): tasks/get at the interval the
 * server asks for, input requests answered through `hooks.input` and sent with tasks/update, a
 * cancel sent as tasks/cancel. Resolves with the task's result (completed); rejects with the task's
 * error as a ProtocolError (failed), InputRefused, a cancellation, or why it could not be followed.
 */
export async function followTask(
  client: Client,
  created: z.infer<typeof Task>,
  options: RequestOptions & { signal: AbortSignal },
  hooks: TaskHooks,
): Promise<z.infer<typeof CallToolResult>> {
  const { taskId } = created;
  const { signal } = options;
  const answered = new Set<string>();
  const small = { timeout: options.timeout };
  let every = Math.max(MIN_POLL_MS, created.pollIntervalMs ?? DEFAULT_POLL_MS);
  let failures = 0;
  hooks.onStatus(info(created));
  // The spec lets a client treat a task as unusable once its ttl has passed: followed no longer than that (and a
  // grace).
  const started = Date.now();
  let ttl = created.ttlMs;
  const cancel = () =>
    client.request({ method: 'tasks/cancel', params: { taskId } }, Ack, small).catch(() => undefined);
  for (;;) {
    await sleep(every, signal);
    if (signal.aborted) {
      await cancel();
      throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
    }
    let t: z.infer<typeof DetailedTask>;
    try {
      t = await client.request({ method: 'tasks/get', params: { taskId } }, DetailedTask, small);
      failures = 0;
    } catch (e) {
      if (++failures >= MAX_POLL_FAILURES)
        throw new Error(`the task ${taskId} could not be followed: ${(e as Error).message}`, { cause: e });
      continue;
    }
    hooks.onStatus(info(t));
    every = Math.max(MIN_POLL_MS, t.pollIntervalMs ?? every);
    if (t.ttlMs !== undefined) ttl = t.ttlMs;
    if (
      typeof ttl === 'number' &&
      !['completed', 'failed', 'cancelled'].includes(t.status) &&
      Date.now() > started + ttl + TTL_GRACE_MS
    ) {
      await cancel();
      throw new Error(
        `the task ${taskId} outlived its ttl (${ttl} ms) without ending; the console stopped following it and asked the server to cancel it`,
      );
    }
    if (t.status === 'completed') return CallToolResult.parse(t.result ?? {});
    // failed: the JSON-RPC error the work ended with, reported as the server's error.
    if (t.status === 'failed')
      throw new (sdk().ProtocolError)(
        t.error?.code ?? -32603,
        t.error?.message ?? t.statusMessage ?? 'the task failed',
        t.error?.data,
      );
    if (t.status === 'cancelled')
      throw new Error(`the server cancelled the task${t.statusMessage ? `: ${t.statusMessage}` : ''}`);
    if (t.status !== 'input_required' || !t.inputRequests) continue;
    // The same request comes back on every poll until it is answered: each key is put to the person once.
    const fresh = Object.fromEntries(Object.entries(t.inputRequests).filter(([k]) => !answered.has(k)));
    if (Object.keys(fresh).length === 0) continue;
    for (const k of Object.keys(fresh)) answered.add(k);
    let responses: Record<string, unknown> | undefined;
    try {
      responses = await hooks.input(fresh, signal);
    } catch (e) {
      await cancel();
      throw e;
    }
    if (!responses) {
      await cancel();
      throw new InputRefused();
    }
    try {
      await client.request({ method: 'tasks/update', params: { taskId, inputResponses: responses } }, Ack, small);
    } catch (e) {
      // The answers did not reach the task: it would wait for them for ever.
      await cancel();
      throw e;
    }
  }
}

/** The task's input was not sent (denied, expired or cancelled); the task was cancelled. */
export class InputRefused extends Error {
  constructor(readonly why = 'denied') {
    super(`the answer the task asked for was not sent (${why}); the task was cancelled`);
  }
}

/**
 * Sends a tools/call and brings back its outcome: as a 2025-11-25 task when `asTask`; otherwise
 * directly — and, when a 2026-07-28 server answers with a task handle (tasks extension), by
 * following the task to its end.
 */
export async function sendCall(
  client: Client,
  params: { name: string; arguments: Record<string, unknown> },
  options: RequestOptions & { signal: AbortSignal },
  asTask: boolean,
  hooks: TaskHooks,
): Promise<z.infer<typeof CallToolResult>> {
  if (asTask) return runAsTask(client, params, options, hooks.onStatus);
  const res = await client.request({ method: 'tools/call', params }, CallToolResult, options);
  const handle = taskHandle(res);
  return handle ? followTask(client, handle, options, hooks) : res;
}
