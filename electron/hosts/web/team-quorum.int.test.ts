import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { fixtureStdio, makeCore, nextEvent, tempDir } from '../../../e2e/harness/harness.js';
import { startTestTeam } from '../../../e2e/harness/team.js';
import { ask, TeamBrowser } from '../../../e2e/harness/team-browser.js';
import { CONSOLE_USER } from '../../../shared/schemas/requester.js';
import type { Approval, CallRecord } from '../../../shared/schemas/call.js';

const policyDir = tempDir();
const policy = join(policyDir, 'policy.json');
writeFileSync(
  policy,
  JSON.stringify({
    rules: [
      { id: 'two-for-echo', effect: 'ask', tool: 'echo', reason: 'two people', quorum: 2, notRequester: true },
      { id: 'echo-approvers', effect: 'ask', tool: 'echo', reason: 'approvers only', deciders: ['role:approver'] },
      { id: 'sre-notes', effect: 'ask', tool: 'calls_seen', reason: 'the SRE group decides', deciders: ['sre'] },
    ],
  }),
);

describe("a team's rules: two approvers, duties kept apart, who may decide", () => {
  const h = makeCore({ policy: { named: { path: policy, from: 'flag' } } });
  let team: Awaited<ReturnType<typeof startTestTeam>>;
  const open: WebSocket[] = [];
  const as = async (login: string) => {
    const browser = new TeamBrowser();
    await browser.signIn(team.url, login);
    const ws = await browser.socket(team.url);
    open.push(ws);
    return ws;
  };
  const pendingFor = async (ws: WebSocket, callId: string) =>
    ((await ask(ws, 'approvals.pending')).value as Approval[]).find((a) => a.callId === callId)!;
  const approve = (ws: WebSocket, a: Approval) =>
    ask(ws, 'approvals.decide', { approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' });
  beforeAll(async () => {
    h.core.addServer('fx', fixtureStdio(), { trusted: false });
    await h.core.connect('fx');
    team = await startTestTeam(h.core, h.dataDir);
  });
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await team.close();
    await h.dispose();
  });

  it('runs a call only after two different approvers, never its asker, and records each vote', async () => {
    const [alice, bob, frank, olga] = [await as('alice'), await as('bob'), await as('frank'), await as('olga')];
    const asked = await ask(alice, 'calls.request', { serverId: 'fx', tool: 'echo', args: { message: 'pay' } });
    const call = asked.value as CallRecord;
    const a = await pendingFor(bob, call.id);
    expect(a.rule?.terms).toEqual({ quorum: 2, notRequester: true, deciders: [['role:approver']] });
    const own = await approve(alice, a);
    expect(own.error).toMatchObject({ code: 'separate-duties' });
    expect(own.error!.message).toContain('Alice Approver asked for this call');
    expect((await approve(olga, a)).error).toMatchObject({ code: 'forbidden' });
    const voted = nextEvent(h.core, 'approval.voted', (v) => v.id === a.id);
    const first = await approve(bob, a);
    expect(first.ok, JSON.stringify(first.error)).toBe(true);
    expect((first.value as Approval).status).toBe('pending');
    expect((await voted).votes?.map((v) => v.person.subject)).toEqual(['bob']);
    expect(h.core.getCall(call.id).state).toBe('awaiting-approval');
    expect((await approve(bob, a)).error).toMatchObject({ code: 'already-voted' });
    const second = await approve(frank, a);
    expect((second.value as Approval).status).toBe('approved');
    const done = await h.core.waitCall(call.id);
    expect(done.outcome).toBe('ok');
    expect(done.decider?.subject).toBe('frank');
    const entries = h.core.queryAudit({ limit: 500 }).filter((e) => e.callId === call.id);
    expect(entries.filter((e) => e.kind === 'approval-vote').map((e) => e.decider?.subject)).toEqual(['bob']);
    expect(entries.find((e) => e.kind === 'approved')?.decider?.subject).toBe('frank');
    expect(h.core.verifyAudit().ok).toBe(true);
  });

  it("keeps an agent's owner from approving its call, as the asker is kept from approving their own", async () => {
    const [alice, bob, frank] = [await as('alice'), await as('bob'), await as('frank')];
    const made = await ask(alice, 'agents.add', { name: 'alices-bot', servers: ['fx'] });
    expect(made.ok, JSON.stringify(made.error)).toBe(true);
    const asked = nextEvent(h.core, 'approval.requested', (x) => x.requestedBy.kind === 'agent');
    const answer = h.core.agentDoor().call('alices-bot', 'fx.echo', { message: 'from the bot' });
    const a = await asked;
    expect(a.requestedBy).toMatchObject({ kind: 'agent', name: 'alices-bot', owner: { subject: 'alice' } });
    const own = await approve(alice, a);
    expect(own.error).toMatchObject({ code: 'separate-duties' });
    expect((await approve(bob, a)).ok).toBe(true);
    expect((await approve(frank, a)).ok).toBe(true);
    expect(JSON.stringify((await answer).content)).toContain('from the bot');
  });

  it('lets only the named group decide, and refuses a standing grant for a call its people must see each time', async () => {
    const [bob, grace] = [await as('bob'), await as('grace')];
    const call = (await ask(bob, 'calls.request', { serverId: 'fx', tool: 'calls_seen', args: { name: 'x' } }))
      .value as CallRecord;
    const a = await pendingFor(grace, call.id);
    const no = await approve(bob, a);
    expect(no.error).toMatchObject({ code: 'not-a-decider' });
    expect(no.error!.message).toContain('lets only sre decide');
    const standing = await ask(grace, 'approvals.decide', {
      approvalId: a.id,
      decision: 'approve',
      argsHash: a.argsHash,
      scope: 'always',
    });
    expect(standing.error).toMatchObject({ code: 'once-only' });
    expect((await approve(grace, a)).ok).toBe(true);
    expect((await h.core.waitCall(call.id)).decider?.subject).toBe('grace');
  });

  it('lets nobody without a sign-in approve such a call (a desktop, --yes), though they may deny it', async () => {
    const asked = nextEvent(h.core, 'approval.requested', (x) => x.tool === 'echo');
    const call = h.core.requestCall('fx', 'echo', { message: 'no' }, CONSOLE_USER);
    const a = await asked;
    const decide = (decision: 'approve' | 'deny') =>
      h.core.decide({ approvalId: a.id, decision, argsHash: a.argsHash, scope: 'once' }, 'user');
    expect(() => decide('approve')).toThrow(/2 different people.*team service/);
    expect(decide('deny').status).toBe('denied');
    expect((await h.core.waitCall(call.id)).outcome).toBe('denied');
  });
});

describe('an approval bound to the policy it was asked under', () => {
  const dir = tempDir();
  const file = join(dir, 'policy.json');
  const rules = (reason: string) =>
    JSON.stringify({ rules: [{ id: 'ask-echo', effect: 'ask', tool: 'echo', reason }] });
  writeFileSync(file, rules('first'));
  const h = makeCore({ policy: { named: { path: file, from: 'flag' } } });
  beforeAll(async () => {
    h.core.addServer('fx', fixtureStdio(), { trusted: false });
    await h.core.connect('fx');
  });
  afterAll(() => h.dispose());

  it('is not applied once the policy changed: the call ends unsent, saying why', async () => {
    const asked = nextEvent(h.core, 'approval.requested', (x) => x.tool === 'echo');
    const call = h.core.requestCall('fx', 'echo', { message: 'x' }, CONSOLE_USER);
    const a = await asked;
    expect(a.policyVersion).toMatch(/^[0-9a-f]{16}$/);
    const before = JSON.stringify(await h.core.ask('policy.get', {}));
    writeFileSync(file, rules('second'));
    await expect
      .poll(async () => JSON.stringify(await h.core.ask('policy.get', {})), { timeout: 10_000 })
      .not.toBe(before);
    expect(() =>
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user'),
    ).toThrow(/policy changed while approval .* waited; nothing was sent/);
    const done = await h.core.waitCall(call.id);
    expect(done.outcome).toBe('denied');
    expect(done.decidedBy).toBe('org-policy');
    expect(done.reason).toContain("the organisation's policy changed while it waited");
  });
});
