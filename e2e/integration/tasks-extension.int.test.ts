import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../shared/schemas/call.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { approveCall, bothEras, callApproved, nextEvent, runCli, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

/** What the modern fixture's batch tasks received (tasks/update bodies) and where each ended. */
async function batchLog(h: Harness): Promise<Array<{ taskId: string; status: string; updates: unknown[] }>> {
  const done = await callApproved(h, 'modern', 'batch_log');
  const text = (done.result?.content[0] as { text?: string } | undefined)?.text ?? '[]';
  return JSON.parse(text) as Array<{ taskId: string; status: string; updates: unknown[] }>;
}

describe('the tasks extension (2026-07-28), against the modern-only fixture', () => {
  let h: Harness;
  let modern: { url: string };
  let close: () => Promise<void>;
  beforeAll(async () => ({ h, modern, close } = await bothEras()));
  afterAll(() => close());

  it('a call the server turns into a task is followed to its result with tasks/get; the capability is declared on the request', async () => {
    const statuses: string[] = [];
    const off = h.core.onEvent((name, p) => {
      const c = p as CallRecord;
      if (name === 'call.updated' && c.tool === 'batch' && c.task?.status) statuses.push(c.task.status);
    });
    const done = await callApproved(h, 'modern', 'batch', {});
    off();
    expect(done).toMatchObject({
      outcome: 'ok',
      result: { content: [{ type: 'text', text: 'batch done' }] },
      task: { status: 'completed' },
    });
    expect(statuses[0]).toBe('working');
    const out = partsOf(h.core)
      .trace.list('modern')
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request');
    expect(out.map((e) => e.method)).toContain('tasks/get');
    const call = out.find((e) => e.method === 'tools/call' && e.name === 'batch');
    expect(JSON.stringify(call?.message)).toContain('"io.modelcontextprotocol/tasks":{}');
  }, 20_000);

  it('input the task asks for goes to the person, and tasks/update waits for an approval of its exact bytes', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    const { record } = await approveCall(h, 'modern', 'batch', { ask: true });
    const q = await question;
    expect(q).toMatchObject({ mode: 'form', message: 'Run the batch?', during: [{ tool: 'batch' }] });
    const update = nextEvent(h.core, 'approval.requested', (a) => a.callId === record.id);
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept', content: { proceed: true } }, CONSOLE_USER);
    const a = await update;
    const taskId = h.core.getCall(record.id).task?.taskId;
    expect(a).toMatchObject({ method: 'tasks/update', taskId, tool: 'batch' });
    expect(JSON.parse(a.argsJson)).toEqual({ 'proceed-1': { action: 'accept', content: { proceed: true } } });
    // Nothing was sent before the decision.
    expect((await batchLog(h)).find((t) => t.taskId === taskId)?.updates).toEqual([]);
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.waitCall(record.id);
    expect(done).toMatchObject({ outcome: 'ok', result: { content: [{ text: 'batch done (confirmed)' }] } });
    expect((await batchLog(h)).find((t) => t.taskId === taskId)?.updates).toEqual([
      { 'proceed-1': { action: 'accept', content: { proceed: true } } },
    ]);
    const audit = h.core.queryAudit({ limit: 500 }).filter((e) => e.callId === record.id);
    expect(audit.map((e) => e.kind)).toEqual(expect.arrayContaining(['task-input', 'approved', 'completed']));
    expect(
      audit.find(
        (e) => e.kind === 'approved' && (e.detail as { method?: string } | undefined)?.method === 'tasks/update',
      )?.argsHash,
    ).toBe(a.argsHash);
  }, 20_000);

  it('a denied update sends nothing: the task is cancelled and the call ends denied, with the reason', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    const { record } = await approveCall(h, 'modern', 'batch', { ask: true });
    const q = await question;
    const update = nextEvent(h.core, 'approval.requested', (a) => a.callId === record.id);
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept', content: { proceed: true } }, CONSOLE_USER);
    const a = await update;
    h.core.decide(
      { approvalId: a.id, decision: 'deny', argsHash: a.argsHash, scope: 'once', reason: 'not today' },
      'user',
    );
    const done = await h.core.waitCall(record.id);
    expect(done.outcome).toBe('denied');
    expect(done.reason).toMatch(/was not sent \(not today\); the task was cancelled/);
    const task = (await batchLog(h)).find((t) => t.taskId === done.task?.taskId);
    expect(task).toMatchObject({ status: 'cancelled', updates: [] });
  }, 20_000);

  it('cancelling the call while the update waits voids its approval and cancels the task', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    const { record } = await approveCall(h, 'modern', 'batch', { ask: true });
    const q = await question;
    const update = nextEvent(h.core, 'approval.requested', (a) => a.callId === record.id);
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'decline' }, CONSOLE_USER);
    const a = await update;
    h.core.cancelCall(record.id);
    const done = await h.core.waitCall(record.id);
    expect(done.outcome).toBe('cancelled');
    expect(h.core.approval(a.id)?.status).toBe('void');
    expect((await batchLog(h)).find((t) => t.taskId === done.task?.taskId)).toMatchObject({
      status: 'cancelled',
      updates: [],
    });
  }, 20_000);

  it('a session grant for the tool lets its tasks/update go without asking again, still recorded', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    const { record } = await approveCall(h, 'modern', 'batch', { ask: true }, { scope: 'session' });
    const q = await question;
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept', content: { proceed: false } }, CONSOLE_USER);
    const done = await h.core.waitCall(record.id);
    expect(done).toMatchObject({ outcome: 'ok', result: { content: [{ text: 'batch skipped (accept)' }] } });
    const approved = h.core.queryAudit({ limit: 500 }).filter((e) => e.callId === record.id && e.kind === 'approved');
    expect(approved.map((e) => e.decidedBy)).toEqual(['user', 'session-policy']);
  }, 20_000);

  it('a task that outlives its ttl without ending is no longer followed: the call fails saying so and the task is cancelled', async () => {
    const t0 = Date.now();
    // batch runs under the session grant given above.
    const rec = h.core.requestCall('modern', 'batch', { stall: true }, CONSOLE_USER);
    expect(rec.decidedBy ?? h.core.getCall(rec.id).decidedBy).toBe('session-policy');
    const done = await h.core.waitCall(rec.id);
    expect(done.outcome).toBe('protocol-error');
    expect(done.error?.message).toMatch(/outlived its ttl \(300 ms\) without ending/);
    expect(Date.now() - t0).toBeLessThan(6000);
    expect((await batchLog(h)).find((t) => t.taskId === done.task?.taskId)?.status).toBe('cancelled');
  }, 20_000);

  it('asking a 2026-07-28 server for a task is refused in words: the server decides', () => {
    expect(() => h.core.requestCall('modern', 'echo', { message: 'x' }, CONSOLE_USER, { asTask: true })).toThrow(
      /the server decides whether a call/,
    );
  });

  it('the command line answers the task from --elicit and shows the tasks/update it approves with --yes; the tool runs once', async () => {
    const before = (await batchLog(h)).length;
    const r = runCli(h, { m: { type: 'http', url: `${modern.url}/mcp` } }, [
      'call',
      'm',
      'batch',
      '--args',
      '{"ask":true}',
      '--yes',
      '--elicit',
      '{"proceed":true}',
    ]);
    expect(r.stderr).toMatch(/asked for input\. The answers tasks\/update will send \(inputResponses, exact JSON\)/);
    expect(r.stderr).toContain('{"proceed-1":{"action":"accept","content":{"proceed":true}}}');
    expect(r.stdout).toContain('batch done (confirmed)');
    expect(r.status).toBe(0);
    // The decision on tasks/update is taken while its event is delivered: it must not start the call again.
    expect((await batchLog(h)).length).toBe(before + 1);
  }, 40_000);
});
