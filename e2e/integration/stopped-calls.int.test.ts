import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { FIXTURE, fixtureStdio, makeCore, nextEvent, tempDir } from '../harness/harness.js';

const BIN = resolve('bin/mcp-console.js');

/**
 * Every call the audit log records a request for gets an outcome there, however the console stops:
 * closed, each call still open ends then; killed, the next console closes them from the log.
 */
describe('calls open when the console stops', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a console that closes ends each call still open, in the log and for whoever waits', async () => {
    dir = tempDir();
    const h = makeCore({ dataDir: dir, auditFsync: true });
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const undecided = h.core.requestCall('fx', 'echo', { message: 'never decided' }, CONSOLE_USER);
    const slow = h.core.requestCall('fx', 'slow_progress', { steps: 100, delayMs: 100 }, CONSOLE_USER);
    const a = h.core.approval(h.core.getCall(slow.id).approvalId!)!;
    const running = nextEvent(h.core, 'call.updated', (c) => c.id === slow.id && c.state === 'running');
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    await running;
    const resolved = nextEvent(h.core, 'approval.resolved', (r) => r.callId === undecided.id);
    const ends = [h.core.waitCall(undecided.id), h.core.waitCall(slow.id)];
    await h.core.close();
    expect(await resolved).toMatchObject({ status: 'void' });
    expect(await Promise.all(ends)).toEqual([
      expect.objectContaining({
        outcome: 'cancelled',
        reason: 'not sent: MCP Console stopped before the call was decided',
      }),
      expect.objectContaining({
        outcome: 'cancelled',
        reason: expect.stringMatching(/stopped while the call ran: its server was told to cancel it/),
      }),
    ]);
    const again = makeCore({ dataDir: dir, auditFsync: true });
    try {
      const of = (id: string) => again.core.queryAudit({ limit: 1000 }).filter((e) => e.callId === id);
      expect(of(undecided.id).map((e) => [e.kind, e.decidedBy, e.outcome])).toEqual([
        ['call-requested', undefined, undefined],
        ['failed', 'system', 'cancelled'],
      ]);
      expect(of(slow.id).map((e) => e.kind)).toEqual(['call-requested', 'approved', 'failed']);
      // Closed cleanly: nothing is left for the next console to close.
      expect(again.core.queryAudit({ kind: 'abandoned', limit: 10 })).toEqual([]);
    } finally {
      await again.core.close();
    }
  });

  it('after a console is killed mid-call, the next one closes its calls in the log: one never sent, one whose outcome is unknown', async () => {
    dir = tempDir();
    const dataDir = join(dir, 'data');
    const config = join(dir, 'servers.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
    const child = spawn(process.execPath, [BIN, 'serve', '--config', config, '--data-dir', dataDir, '--port', '0'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      const page = await new Promise<string>((done, fail) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const url = /MCP Console ready at (\S+)/.exec(out)?.[1];
          if (url) done(url);
        });
        child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${out}`)));
      });
      const ids = await drive(page);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      const next = makeCore({ dataDir, auditFsync: true });
      try {
        const closed = next.core.queryAudit({ kind: 'abandoned', limit: 10 });
        expect(closed.map((e) => [e.callId, e.tool, e.outcome, e.decidedBy])).toEqual([
          [ids.undecided, 'echo', 'not-sent', 'system'],
          [ids.running, 'slow_progress', 'unknown', 'system'],
        ]);
        expect(next.core.verifyAudit()).toMatchObject({ ok: true });
        // The person is told at start, among the console's problems.
        expect(next.problems.join('\n')).toMatch(
          /stopped last time without closing its audit log, with 2 calls open: 1 had been approved and may have reached their server \(outcome unknown\), 1 had not been sent/,
        );
      } finally {
        await next.core.close();
      }
      // Once closed, a call is not closed again by the console after.
      const third = makeCore({ dataDir, auditFsync: true });
      expect(third.core.queryAudit({ kind: 'abandoned', limit: 10 })).toHaveLength(2);
      await third.core.close();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

/** Through the page's WebSocket: one call left undecided, one approved and running. */
async function drive(pageUrl: string): Promise<{ undecided: string; running: string }> {
  const u = new URL(pageUrl);
  const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
  const ws = new WebSocket(`ws://${u.host}/ws?token=${token}`, { origin: `http://${u.host}` });
  await new Promise((r) => ws.once('open', r));
  let id = 0;
  const waiters: Array<(m: Record<string, unknown>) => boolean> = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as Record<string, unknown>;
    for (const w of [...waiters]) if (w(m)) waiters.splice(waiters.indexOf(w), 1);
  });
  const until = <T>(pick: (m: Record<string, unknown>) => T | undefined): Promise<T> =>
    new Promise((done) =>
      waiters.push((m) => {
        const v = pick(m);
        if (v !== undefined) done(v);
        return v !== undefined;
      }),
    );
  const rpc = async (method: string, params: unknown): Promise<Record<string, unknown>> => {
    const mine = ++id;
    const answer = until((m) =>
      m.id === mine ? (m.reply as { ok: boolean; value: Record<string, unknown> }) : undefined,
    );
    ws.send(JSON.stringify({ id: mine, method, params }));
    const r = await answer;
    if (!r.ok) throw new Error(JSON.stringify(r));
    return r.value;
  };
  type Payload = { id: string; callId?: string; argsHash?: string; state?: string };
  const event = (name: string, test: (p: Payload) => boolean) =>
    until((m) => (m.event === name && test(m.payload as Payload) ? (m.payload as Payload) : undefined));
  await rpc('servers.connect', { serverId: 'fx' });
  const undecided = (await rpc('calls.request', { serverId: 'fx', tool: 'echo', args: { message: 'never decided' } }))
    .id as string;
  const asked = event('approval.requested', (p) => p.callId !== undecided);
  const running = (
    await rpc('calls.request', { serverId: 'fx', tool: 'slow_progress', args: { steps: 100, delayMs: 100 } })
  ).id as string;
  const a = await asked;
  const started = event('call.updated', (p) => p.id === running && p.state === 'running');
  await rpc('approvals.decide', { approvalId: a.id, decision: 'approve', argsHash: a.argsHash });
  await started;
  ws.close();
  return { undecided, running };
}
