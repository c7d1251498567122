import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../shared/schemas/call.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { bothEras, EVERYTHING, nextEvent, runCli, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('tasks (2025-11-25), against server-everything', () => {
  let h: Harness;
  let close: () => Promise<void>;
  beforeAll(async () => ({ h, close } = await bothEras()));
  afterAll(() => close());

  it('a tool that requires task mode is called as a task: the approval says so, its status is followed, the result arrives', async () => {
    const tool = h.core.tools('everything').find((t) => t.name === 'simulate-research-query');
    expect(tool?.needsTaskMode).toBe(true);
    const statuses: string[] = [];
    const off = h.core.onEvent((name, p) => {
      const c = p as CallRecord;
      if (name === 'call.updated' && c.task?.statusMessage) statuses.push(`${c.task.status}: ${c.task.statusMessage}`);
    });
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'simulate-research-query');
    const rec = h.core.requestCall('everything', 'simulate-research-query', { topic: 'tide pools' }, CONSOLE_USER);
    const a = await asked;
    expect(a.asTask).toBe(true);
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.waitCall(rec.id);
    off();
    expect(done.outcome).toBe('ok');
    expect(done.task).toMatchObject({ status: 'completed' });
    expect(done.task?.taskId).toBeTruthy();
    expect(JSON.stringify(done.result)).toContain('tide pools');
    expect(statuses.some((s) => s.startsWith('working: '))).toBe(true);
    const methods = partsOf(h.core)
      .trace.list('everything')
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request')
      .map((e) => e.method);
    expect(methods).toEqual(expect.arrayContaining(['tasks/get', 'tasks/result']));
  }, 30_000);

  it('a tool without task support cannot be asked to run as one; asking a 2026-07-28 server for one is refused in words (the server decides)', () => {
    expect(() => h.core.requestCall('everything', 'echo', { message: 'x' }, CONSOLE_USER, { asTask: true })).toThrow(
      /cannot run as a task/,
    );
    expect(() => h.core.requestCall('modern', 'echo', { message: 'x' }, CONSOLE_USER, { asTask: true })).toThrow(
      /the server decides/,
    );
  });

  it('the command line runs it as a task with --yes, and prints the result', () => {
    const everything = { everything: { command: process.execPath, args: [EVERYTHING] } };
    const r = runCli(h, everything, [
      'call',
      'everything',
      'simulate-research-query',
      '--args',
      '{"topic":"kelp"}',
      '--yes',
    ]);
    expect(r.stderr).toContain('Runs as a task');
    expect(r.stdout).toContain('kelp');
    expect(r.status).toBe(0);
  }, 60_000);
});
