import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { CallToolResult } from '../../../shared/schemas/content.js';
import type { TaskInfo } from '../../../shared/schemas/call.js';

/** How long the server is asked to keep a task's result (it may choose otherwise). */
export const TASK_TTL_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 1000;
const MIN_POLL_MS = 250;
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

const Task = z.looseObject({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  pollInterval: z.number().optional(),
  ttl: z.number().nullable().optional(),
});
/** What tools/call answers in task mode: the task it made, or (a server may) the result itself. */
const CreatedOrDone = z.union([z.looseObject({ task: Task }), CallToolResult]);

function info(t: z.infer<typeof Task>): TaskInfo {
  return { taskId: t.taskId, status: t.status, statusMessage: t.statusMessage, pollInterval: t.pollInterval };
}

/**
 * A tool call run as a task (MCP 2025-11-25, tasks): tools/call with `task`, then tasks/get for its
 * status (every pollInterval the server asks for) while tasks/result waits for the outcome. A cancel
 * sends tasks/cancel. `onStatus` hears each status the server reports.
 */
export async function runAsTask(
  client: Client,
  params: { name: string; arguments: Record<string, unknown> },
  options: RequestOptions & { signal: AbortSignal },
  onStatus: (t: TaskInfo) => void,
): Promise<z.infer<typeof CallToolResult>> {
  const created = await client.request(
    { method: 'tools/call', params: { ...params, task: { ttl: TASK_TTL_MS } } },
    CreatedOrDone,
    options,
  );
  if (!('task' in created)) return created as z.infer<typeof CallToolResult>;
  const task = created.task as z.infer<typeof Task>;
  const taskId = task.taskId;
  onStatus(info(task));
  let finished = false;
  const poll = async (every: number) => {
    while (!finished) {
      await new Promise((r) => setTimeout(r, every));
      if (finished) return;
      try {
        const t = await client.request({ method: 'tasks/get', params: { taskId } }, Task, { timeout: options.timeout });
        if (finished) return;
        onStatus(info(t));
        if (TERMINAL.has(t.status)) return;
        every = Math.max(MIN_POLL_MS, t.pollInterval ?? every);
      } catch {
        return;
      }
    }
  };
  void poll(Math.max(MIN_POLL_MS, task.pollInterval ?? DEFAULT_POLL_MS));
  const cancel = () =>
    void client
      .request({ method: 'tasks/cancel', params: { taskId } }, Task, { timeout: options.timeout })
      .catch(() => undefined);
  options.signal.addEventListener('abort', cancel, { once: true });
  try {
    // tasks/result waits until the task ends; the task's own lifetime bounds it, not the call timeout.
    const { signal, headers } = options;
    const result = await client.request({ method: 'tasks/result', params: { taskId } }, CallToolResult, {
      signal,
      headers,
      timeout: Math.max(options.timeout ?? 0, (typeof task.ttl === 'number' ? task.ttl : TASK_TTL_MS) + 10_000),
    });
    finished = true;
    // The task's last word on itself (completed, or failed with its message).
    const last = await client
      .request({ method: 'tasks/get', params: { taskId } }, Task, { timeout: options.timeout })
      .catch(() => undefined);
    onStatus(last ? info(last) : { taskId, status: 'completed' });
    return result;
  } finally {
    finished = true;
    options.signal.removeEventListener('abort', cancel);
  }
}
