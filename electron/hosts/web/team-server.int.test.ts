import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { resolve } from 'node:path';
import { fixtureStdio, freePort, makeCore } from '../../../e2e/harness/harness.js';
import { startTestTeam } from '../../../e2e/harness/team.js';
import { ask, TeamBrowser } from '../../../e2e/harness/team-browser.js';
import type { Approval, CallRecord } from '../../../shared/schemas/call.js';

const APP_SERVER = resolve('out/node/e2e/fixtures/app-server.js');

/** Signs `login` in to the service in a browser of its own, and opens its page's WebSocket. */
async function person(url: string, login: string): Promise<{ browser: TeamBrowser; ws: WebSocket }> {
  const browser = new TeamBrowser();
  const page = await browser.signIn(url, login);
  expect(page.res.status, page.text).toBe(200);
  return { browser, ws: await browser.socket(url) };
}

describe('the team service: people sign in, roles decide what they may do', () => {
  const h = makeCore();
  let team: Awaited<ReturnType<typeof startTestTeam>>;
  const open: WebSocket[] = [];
  const as = async (login: string) => {
    const p = await person(team.url, login);
    open.push(p.ws);
    return p;
  };
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

  it('signs a person in through the provider: a Strict, HttpOnly session, their roles, an audit entry', async () => {
    const browser = new TeamBrowser();
    // Not signed in: the page sends the browser to sign in.
    const first = await browser.fetch(team.url);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/auth/login');
    const login = await browser.fetch(new URL('/auth/login', team.url).href);
    const to = new URL(login.headers.get('location')!);
    expect(to.origin).toBe(team.idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('state')).toBeTruthy();
    const page = await browser.signIn(team.url, 'alice');
    expect(page.res.status).toBe(200);
    expect(page.text).toContain('Signed in as Alice Approver');
    const cookie = page.res.headers.getSetCookie().find((c) => c.startsWith('mcpc-team='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const index = await browser.fetch(team.url);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<meta name="mcp-console-door" content="team">');
    const ws = await browser.socket(team.url);
    open.push(ws);
    expect(await ask(ws, 'console.person')).toEqual({
      ok: true,
      value: { person: { subject: 'alice', name: 'Alice Approver' }, roles: ['member', 'approver'] },
    });
    const signedIn = h.core.queryAudit({ limit: 50 }).filter((e) => e.kind === 'team-signed-in');
    expect(signedIn.at(-1)).toMatchObject({ decider: { subject: 'alice' }, detail: { roles: ['member', 'approver'] } });
  });

  it('shows a person with no role a page that says so, and nothing else', async () => {
    const browser = new TeamBrowser();
    const page = await browser.signIn(team.url, 'dave');
    expect(page.res.status).toBe(200);
    const index = await browser.fetch(team.url);
    expect(index.status).toBe(403);
    const text = await index.text();
    expect(text).toContain('No role on this service');
    expect(text).toContain('Dave Nobody');
    expect(text).not.toContain('mcp-console-door');
    expect((await browser.fetch(new URL('/assets/index.js', team.url).href)).status).toBe(403);
    await expect(browser.socket(team.url)).rejects.toThrow(/403/);
  });

  it("lets the first approver's decision win; the second is told whose it was; the audit names both people", async () => {
    const erin = await as('erin');
    const alice = await as('alice');
    const bob = await as('bob');
    const asked = await ask(erin.ws, 'calls.request', { serverId: 'fx', tool: 'echo', args: { message: 'deploy' } });
    expect(asked.ok, JSON.stringify(asked.error)).toBe(true);
    const call = asked.value as CallRecord;
    expect(call.requestedBy).toEqual({ kind: 'console', person: { subject: 'erin', name: 'Erin Engineer' } });
    const pending = (await ask(bob.ws, 'approvals.pending')).value as Approval[];
    const a = pending.find((p) => p.callId === call.id)!;
    const decide = (ws: WebSocket) =>
      ask(ws, 'approvals.decide', { approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' });
    const [first, second] = await Promise.all([decide(alice.ws), decide(bob.ws)]);
    expect([first.ok, second.ok]).toEqual([true, false]);
    expect(second.error).toMatchObject({ code: 'already-decided' });
    expect(second.error!.message).toContain('by Alice Approver (alice)');
    const done = await h.core.waitCall(call.id);
    expect(done.outcome).toBe('ok');
    expect(done.decider).toEqual({ subject: 'alice', name: 'Alice Approver' });
    const entries = h.core.queryAudit({ limit: 500 }).filter((e) => e.callId === call.id);
    const approved = entries.find((e) => e.kind === 'approved')!;
    expect(approved.requestedBy).toMatchObject({ person: { subject: 'erin' } });
    expect(approved.decider).toEqual({ subject: 'alice', name: 'Alice Approver' });
    expect(entries.find((e) => e.kind === 'completed')?.decider?.subject).toBe('alice');
    expect(h.core.verifyAudit().ok).toBe(true);
  });

  it('refuses an auditor any decision or change, and lets them read the audit log and the queue', async () => {
    const carol = await as('carol');
    expect((await ask(carol.ws, 'audit.query', { limit: 5 })).ok).toBe(true);
    expect((await ask(carol.ws, 'approvals.pending')).ok).toBe(true);
    for (const [method, params] of [
      ['approvals.decide', { approvalId: 'x', decision: 'deny', argsHash: 'y', scope: 'once' }],
      ['calls.request', { serverId: 'fx', tool: 'echo', args: {} }],
      ['servers.disconnect', { id: 'fx' }],
      ['agents.add', { name: 'carols', servers: ['fx'] }],
    ] as const) {
      const r = await ask(carol.ws, method, params);
      expect(r.ok, method).toBe(false);
      expect(r.error, method).toMatchObject({ code: 'forbidden' });
      expect(r.error!.message).toContain('auditor');
    }
    // A member reads no audit log; nobody opens a link on the service's machine.
    const erin = await as('erin');
    expect((await ask(erin.ws, 'audit.query', { limit: 5 })).error).toMatchObject({ code: 'forbidden' });
    const olga = await as('olga');
    const link = await ask(olga.ws, 'links.open', { url: 'https://example.com/' });
    expect(link.error).toMatchObject({ code: 'forbidden' });
    expect(link.error!.message).toContain('nobody may do this on a team service');
  });

  it("makes an agent its maker's: listed and revoked by them or an admin, and its calls say whose", async () => {
    const erin = await as('erin');
    const alice = await as('alice');
    const olga = await as('olga');
    const made = await ask(erin.ws, 'agents.add', { name: 'erins-bot', servers: ['fx'] });
    expect(made.ok, JSON.stringify(made.error)).toBe(true);
    expect(made.value).toMatchObject({ owner: { subject: 'erin', name: 'Erin Engineer' } });
    const names = async (ws: WebSocket) =>
      ((await ask(ws, 'agents.list')).value as Array<{ name: string }>).map((a) => a.name);
    expect(await names(erin.ws)).toContain('erins-bot');
    expect(await names(alice.ws)).not.toContain('erins-bot');
    expect(await names(olga.ws)).toContain('erins-bot');
    const taken = await ask(alice.ws, 'agents.revoke', { name: 'erins-bot' });
    expect(taken.error).toMatchObject({ code: 'forbidden' });
    const entry = h.core.queryAudit({ limit: 500 }).find((e) => e.kind === 'agent-added');
    expect(entry?.requestedBy).toEqual({
      kind: 'agent',
      name: 'erins-bot',
      owner: { subject: 'erin', name: 'Erin Engineer' },
    });
    expect((await ask(olga.ws, 'agents.revoke', { name: 'erins-bot' })).ok).toBe(true);
  });

  it('takes a sign-out and an upgrade only from its own pages, and a sign-out closes their connections', async () => {
    const bob = await as('bob');
    const logout = new URL('/auth/logout', team.url).href;
    expect((await bob.browser.fetch(logout, { method: 'POST' })).status).toBe(403);
    expect((await bob.browser.fetch(logout, { method: 'POST', origin: 'http://evil.example' })).status).toBe(403);
    await expect(bob.browser.socket(team.url, 'http://evil.example')).rejects.toThrow(/403/);
    const closed = new Promise<number>((ok) => bob.ws.once('close', (code) => ok(code)));
    const out = await bob.browser.fetch(logout, { method: 'POST', origin: team.service.origin });
    expect(out.status).toBe(303);
    expect(await closed).toBe(4401);
    expect((await bob.browser.fetch(team.url)).status).toBe(302);
    await expect(bob.browser.socket(team.url)).rejects.toThrow(/403/);
    const last = h.core.queryAudit({ limit: 500 }).filter((e) => e.kind === 'team-signed-out');
    expect(last.at(-1)).toMatchObject({ decider: { subject: 'bob' } });
  });

  it('refuses a callback no sign-in of this browser started, and says so in the audit log', async () => {
    const browser = new TeamBrowser();
    const res = await browser.fetch(new URL('/auth/callback?code=abc&state=def', team.url).href);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('no sign-in was started from this browser');
    // A second browser's callback with the first's code and state: refused too (the state is bound to its cookie).
    const first = new TeamBrowser();
    const started = await first.fetch(new URL('/auth/login', team.url).href);
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const other = await new TeamBrowser().fetch(new URL(`/auth/callback?code=x&state=${state}`, team.url).href);
    expect(other.status).toBe(403);
    const refused = h.core.queryAudit({ limit: 500 }).filter((e) => e.kind === 'team-sign-in-refused');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(refused)).not.toContain('code=');
  });
});

describe("a team session's time", () => {
  const h = makeCore();
  let team: Awaited<ReturnType<typeof startTestTeam>>;
  beforeAll(async () => {
    team = await startTestTeam(h.core, h.dataDir, { sessionHours: 0.0005 });
  });
  afterAll(async () => {
    await team.close();
    await h.dispose();
  });

  it('closes a page that says nothing the moment its session runs out, and signs it out in the audit log', async () => {
    const browser = new TeamBrowser();
    await browser.signIn(team.url, 'alice');
    const ws = await browser.socket(team.url);
    const code = await new Promise<number>((ok) => ws.once('close', (c) => ok(c)));
    expect(code).toBe(4401);
    expect((await browser.fetch(team.url)).status).toBe(302);
    const out = h.core.queryAudit({ limit: 100 }).filter((e) => e.kind === 'team-signed-out');
    expect(out).toHaveLength(1);
    expect(out[0]!.reason).toContain('the session ran out');
  });
});

describe("a team service's MCP App views, on an origin of their own that people's browsers reach", () => {
  const h = makeCore();
  let team: Awaited<ReturnType<typeof startTestTeam>>;
  let viewsPort = 0;
  beforeAll(async () => {
    viewsPort = await freePort();
    // Another origin of this machine for the views (a deployment names its own host or port, over the same TLS).
    team = await startTestTeam(h.core, h.dataDir, {
      views: { port: viewsPort, publicUrl: `http://localhost:${viewsPort}` },
    });
    h.core.addServer('apps', { type: 'stdio', command: process.execPath, args: [APP_SERVER], env: {}, cwd: undefined });
    await h.core.connect('apps');
  });
  afterAll(async () => {
    await team.close();
    await h.dispose();
  });

  it('frames views from the public views origin, which serves them on the port the file names', async () => {
    const browser = new TeamBrowser();
    await browser.signIn(team.url, 'alice');
    const index = await browser.fetch(team.url);
    expect(index.headers.get('content-security-policy')).toContain(`frame-src http://localhost:${viewsPort}`);
    const ws = await browser.socket(team.url);
    const v = (await ask(ws, 'apps.open', { serverId: 'apps', tool: 'counter' })).value as {
      frameUrl: string;
      origin: string;
    };
    ws.close();
    expect(v.origin).toBe(`http://localhost:${viewsPort}`);
    expect(new URL(v.frameUrl).origin).toBe(v.origin);
    const proxy = await fetch(v.frameUrl);
    expect(proxy.status).toBe(200);
    expect(proxy.headers.get('content-security-policy')).toContain(`frame-ancestors ${team.service.origin}`);
  });
});
