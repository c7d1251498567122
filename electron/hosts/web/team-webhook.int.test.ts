import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { fixtureStdio, freePort, makeCore } from '../../../e2e/harness/harness.js';
import { startTestTeam } from '../../../e2e/harness/team.js';
import { ask, TeamBrowser } from '../../../e2e/harness/team-browser.js';
import type { Approval, CallRecord } from '../../../shared/schemas/call.js';

const SECRET = 'a-webhook-secret-of-some-length';

interface Notice {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver: what it got, and how it answers (by the number of the request). */
async function receiver(answer: (n: number) => number | 'hang') {
  const got: Notice[] = [];
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      const status = answer(got.length);
      if (status !== 'hang') res.writeHead(status).end();
    });
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

describe("a team's webhook", () => {
  let mode: (n: number) => number | 'hang' = () => 200;
  const h = makeCore();
  let hook: Awaited<ReturnType<typeof receiver>>;
  let team: Awaited<ReturnType<typeof startTestTeam>>;
  let erin: WebSocket;
  let bob: WebSocket;
  beforeAll(async () => {
    hook = await receiver((n) => mode(n));
    mkdirSync(join(h.dataDir, 'team'), { recursive: true });
    writeFileSync(join(h.dataDir, 'team', 'hook-secret'), SECRET + '\n');
    h.core.addServer('fx', fixtureStdio(), { trusted: false });
    await h.core.connect('fx');
    team = await startTestTeam(
      h.core,
      h.dataDir,
      { notify: [{ webhook: hook.url, secretFile: 'hook-secret' }] },
      { webhookRetryMs: 20 },
    );
    const [e, b] = [new TeamBrowser(), new TeamBrowser()];
    await e.signIn(team.url, 'erin');
    await b.signIn(team.url, 'bob');
    erin = await e.socket(team.url);
    bob = await b.socket(team.url);
  });
  afterAll(async () => {
    erin.terminate();
    bob.terminate();
    await team.close();
    await hook.close();
    await h.dispose();
  });

  const callAndApprove = async (message: string) => {
    const call = (await ask(erin, 'calls.request', { serverId: 'fx', tool: 'echo', args: { message } }))
      .value as CallRecord;
    const a = ((await ask(bob, 'approvals.pending')).value as Approval[]).find((x) => x.callId === call.id)!;
    await ask(bob, 'approvals.decide', { approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' });
    return { call, a, done: await h.core.waitCall(call.id) };
  };

  it('posts signed notices Slack takes as they are, with a link to the approval and without the arguments', async () => {
    mode = () => 200;
    const before = hook.got.length;
    const { a } = await callAndApprove('secret-argument-value');
    await expect.poll(() => hook.got.length).toBe(before + 2);
    const got = hook.got.slice(before).map((n) => ({ n, body: JSON.parse(n.body) as Record<string, unknown> }));
    for (const { n } of got) {
      // The signature is the HMAC-SHA256 of the raw body (AUTOMATION.md), the body dated by its sentAt.
      const expected = createHmac('sha256', SECRET).update(n.body).digest('hex');
      expect(n.headers['x-mcp-console-signature']).toBe(`sha256=${expected}`);
      expect(n.body).not.toContain('secret-argument-value');
    }
    const asked = got.find((g) => g.body.event === 'approval.requested')!.body;
    expect(asked).toMatchObject({
      callId: a.callId,
      agent: null,
      owner: 'erin',
      server: a.serverId,
      tool: 'echo',
      url: `${team.service.origin}/#approval=${a.id}`,
    });
    expect(asked.text).toContain('Erin Engineer, in the console asks to call echo');
    expect(Math.abs(Date.now() - Date.parse(asked.sentAt as string))).toBeLessThan(60_000);
    const decided = got.find((g) => g.body.event === 'approval.decided')!.body;
    expect(decided).toMatchObject({ callId: a.callId, decision: 'approve', decidedBy: 'bob', tool: 'echo' });
    expect(decided.text).toContain('approved by Bob Approver');
  });

  it('retries a failing receiver with back-off until it takes each notice once', async () => {
    const before = hook.got.length;
    mode = (n) => (n - before <= 2 ? 500 : 200);
    await callAndApprove('retried');
    await expect.poll(() => hook.got.length).toBe(before + 4);
    const bodies = hook.got.slice(before).map((g) => JSON.parse(g.body) as { approvalId: string; event: string });
    expect(new Set(bodies.map((b) => b.approvalId)).size).toBe(1);
    expect(bodies.map((b) => b.event).sort()).toEqual([
      'approval.decided',
      'approval.decided',
      'approval.requested',
      'approval.requested',
    ]);
  });

  it('never holds a call up: a receiver that hangs or refuses delays nothing, and a notice given up is audited', async () => {
    mode = () => 'hang';
    const hung = await callAndApprove('while hanging');
    expect(hung.done.outcome).toBe('ok');
    mode = () => 503;
    const { a } = await callAndApprove('refused');
    await expect
      .poll(
        () =>
          h.core
            .queryAudit({ limit: 1000 })
            .some((e) => e.kind === 'team-webhook-failed' && (e.detail as { approvalId?: string }).approvalId === a.id),
        { timeout: 10_000 },
      )
      .toBe(true);
    const failed = h.core.queryAudit({ limit: 1000 }).find((e) => e.kind === 'team-webhook-failed')!;
    expect(failed.reason).toContain('answered 503');
    expect((failed.detail as { tries: number }).tries).toBe(6);
  });
});
