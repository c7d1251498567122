import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect } from '@playwright/test';
import { signIn } from '../pages/team-sign-in.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { freePort } from '../harness/harness.js';
import { startIdentityProvider, type IdentityProvider } from '../harness/oidc.js';
import { writeTeamFile } from '../harness/team.js';
import { ask, TeamBrowser } from '../harness/team-browser.js';
import { ConsolePage } from '../pages/console-page.js';
import { FIXTURE } from './fixtures.js';

const BIN = resolve('bin/mcp-console.js');
const BASIC = resolve('node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const HOOK_SECRET = 'the-team-webhook-secret';
const SHOTS = process.env.TEAM_SHOTS;

/** `serve --team` with a real provider, the fixture server, and one person's agent token. */
async function teamService() {
  const dir = mkdtempSync(join(tmpdir(), 'team-spec-'));
  const port = await freePort();
  const idp = await startIdentityProvider([`http://127.0.0.1:${port}/auth/callback`]);
  const config = join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        fx: { command: process.execPath, args: [FIXTURE] },
        basic: { command: process.execPath, args: [BASIC, '--stdio'] },
      },
    }),
  );
  // MCP App views on an origin of their own that people's browsers reach (here another name of this machine).
  const viewsPort = await freePort();
  // The team's webhook receiver: what the service posts, kept for the test.
  const notices: Array<{ body: string; signature: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      notices.push({
        body,
        signature: String(req.headers['x-mcp-console-signature']),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  mkdirSync(join(dir, 'team'), { recursive: true });
  writeFileSync(join(dir, 'team', 'hook-secret'), HOOK_SECRET);
  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const file = writeTeamFile(join(dir, 'team'), idp, port, {
    notify: [{ webhook: hookUrl, secretFile: 'hook-secret' }],
    views: { port: viewsPort, publicUrl: `http://localhost:${viewsPort}` },
  });
  const child = spawn(process.execPath, [BIN, 'serve', '--team', file, '--config', config, '--data-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = await new Promise<string>((done, fail) => {
    let text = '';
    child.stdout!.on('data', (c: Buffer) => {
      text += c.toString();
      if (/agent endpoint at \S+/.test(text)) done(text);
    });
    child.once('exit', (code) => fail(new Error(`serve --team exited with ${code}`)));
  });
  return {
    url: /team service at (\S+)/.exec(out)![1]!,
    agents: /agent endpoint at (\S+)/.exec(out)![1]!,
    notices,
    viewsOrigin: `http://localhost:${viewsPort}`,
    stop: async (p: { child: ChildProcess; idp: IdentityProvider }) => {
      receiver.close();
      p.child.kill('SIGTERM');
      if (p.child.exitCode === null) await new Promise((r) => p.child.once('exit', r));
      await p.idp.close();
      rmSync(dir, { recursive: true, force: true });
    },
    child,
    idp,
  };
}

test.describe('the team service in the browser', () => {
  test.describe.configure({ mode: 'serial' });
  let svc: Awaited<ReturnType<typeof teamService>>;
  test.beforeAll(async () => {
    svc = await teamService();
  });
  test.afterAll(async () => {
    await svc?.stop(svc);
  });

  test('approvers, an auditor and a person with no role, each in their own browser; an approver decides on a phone', async ({
    browser,
  }) => {
    const alice = await signIn(browser, svc.url, 'alice');
    await expect(alice.getByTestId('signed-in-as')).toContainText('Alice Approver');
    await expect(alice.getByTestId('signed-in-as')).toHaveAttribute('data-subject', 'alice');
    await expect(alice.getByTestId('signed-in-as')).toHaveAttribute('data-roles', 'member approver');
    await expect(alice.getByTestId('team-roles')).toHaveText('member, approver');
    const carol = await signIn(browser, svc.url, 'carol');
    await expect(carol.getByTestId('team-roles')).toHaveText('auditor');
    const dave = await signIn(browser, svc.url, 'dave');
    await expect(dave.getByRole('heading', { name: 'No role on this service' })).toBeVisible();
    await expect(dave.locator('#root')).toHaveCount(0);

    // Erin's agent calls; it waits in every page's queue, never opening a dialog by itself.
    const erin = new TeamBrowser();
    await erin.signIn(svc.url, 'erin');
    const ws = await erin.socket(svc.url);
    await expect
      .poll(async () => JSON.stringify((await ask(ws, 'servers.list')).value), { timeout: 20_000 })
      .toMatch(/"status":"connected"/);
    const { token } = (await ask(ws, 'agents.add', { name: 'erin-ci', servers: ['fx'] })).value as { token: string };
    ws.close();
    const agent = new Client({ name: 'erin-ci', version: '1' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(svc.agents), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const answer = agent.callTool({ name: 'fx.echo', arguments: { message: 'deploy 42' } });
    await expect(alice.getByTestId('approval-badge')).toHaveText('1 waiting for approval');
    await expect(carol.getByTestId('approval-badge')).toHaveText('1 waiting for approval');
    await expect(alice.getByTestId('approval-dialog')).toBeHidden();

    // The auditor reads the exact arguments and has no control that decides.
    await carol.getByTestId('approval-badge').click();
    const item = carol.getByTestId('approval-item').first();
    await expect(item).toHaveAttribute('data-requester', 'erin');
    await expect(item).toHaveAttribute('data-needs', '1');
    await expect(item).toHaveAttribute('data-given', '0');
    await carol.getByTestId('approval-open').first().click();
    const carolDialog = carol.getByTestId('approval-dialog');
    await expect(carolDialog.getByTestId('approval-args')).toContainText('"message": "deploy 42"');
    await expect(carolDialog.getByTestId('approval-read-only')).toBeVisible();
    await expect(carolDialog.getByTestId('approve-once')).toHaveCount(0);
    await expect(carolDialog.getByTestId('deny')).toHaveCount(0);
    await expect(carolDialog.getByTestId('approval-requester')).toContainText('agent "erin-ci" of Erin Engineer');

    // The webhook got a signed notice with a link; Bob, on a phone, follows it and approves the call.
    await expect.poll(() => svc.notices.length).toBe(1);
    const notice = svc.notices[0]!;
    const mac = createHmac('sha256', HOOK_SECRET).update(notice.body).digest('hex');
    expect(notice.signature).toBe(`sha256=${mac}`);
    const { text: said, url: link, agent: asker, owner } = JSON.parse(notice.body) as Record<string, string>;
    expect([asker, owner]).toEqual(['erin-ci', 'erin']);
    expect(said).toContain('agent "erin-ci" of Erin Engineer asks to call echo');
    expect(notice.body).not.toContain('deploy 42');
    const signedIn = await signIn(browser, svc.url, 'bob', { width: 390, height: 844 });
    const bob = await signedIn.context().newPage();
    await bob.goto(link!);
    const phone = new ConsolePage(bob);
    await expect(phone.dialog.getByTestId('approval-args')).toContainText('"message": "deploy 42"');
    if (SHOTS) await bob.screenshot({ path: join(SHOTS, 'team-phone-approval.png'), fullPage: false });
    const box = await phone.dialog.getByTestId('approve-once').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await phone.approveOnce();
    expect(JSON.stringify((await answer).content)).toContain('deploy 42');
    await expect(alice.getByTestId('approval-badge')).toHaveCount(0);
    await expect(carol.getByTestId('approval-dialog')).toBeHidden();
    if (SHOTS) {
      await alice.screenshot({ path: join(SHOTS, 'team-alice-1280.png') });
      await dave.screenshot({ path: join(SHOTS, 'team-no-role.png') });
    }
    await agent.close();
    // The audit log names who asked (the agent and its person) and who decided, and its chain holds.
    const audit = await auditorSocket();
    const entries = (await ask(audit, 'audit.query', { limit: 100 })).value as Array<{
      kind: string;
      requestedBy?: { owner?: { subject: string } };
      decider?: { subject: string };
    }>;
    const approved = entries.find((e) => e.kind === 'approved' && e.requestedBy?.owner?.subject === 'erin');
    expect(approved?.decider?.subject).toBe('bob');
    expect((await ask(audit, 'audit.verify')).value).toMatchObject({ ok: true });
    audit.close();

    // Signing out ends the session: the page goes to the signed-out page, and the console is no longer reachable.
    await alice.getByTestId('sign-out').click();
    await expect(alice.getByRole('heading', { name: 'Signed out' })).toBeVisible();
    await expect(alice.getByTestId('sign-in')).toBeVisible();
    const again = await alice.context().request.get(svc.url, { maxRedirects: 0 });
    expect(again.status()).toBe(302);

    /** A session of Carol's (the auditor) for the test's own reads of the audit log. */
    async function auditorSocket() {
      const b = new TeamBrowser();
      await b.signIn(svc.url, 'carol');
      return b.socket(svc.url);
    }
  });
  test("an MCP App's view renders in a signed-in person's page, from the views' own public origin", async ({
    browser,
  }) => {
    const page = await signIn(browser, svc.url, 'alice');
    const c = new ConsolePage(page);
    await expect(c.server('basic')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
    await c.openTool('basic', 'get-time');
    await c.callWithJson({});
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    const frame = c.lastResult().getByTestId('app-view');
    await expect(frame).toHaveAttribute('data-origin', svc.viewsOrigin);
    expect(new URL((await frame.getAttribute('src'))!).origin).toBe(svc.viewsOrigin);
    const view = page.frameLocator('[data-testid=app-view]').first().frameLocator('iframe');
    await expect(view.locator('#server-time')).not.toHaveText(/Loading|^$/, { timeout: 15_000 });
  });
});
