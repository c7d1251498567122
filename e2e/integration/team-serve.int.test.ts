import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { FIXTURE, freePort } from '../harness/harness.js';
import { startIdentityProvider, type IdentityProvider } from '../harness/oidc.js';
import { testCertificates } from '../harness/rsyslog.js';
import { writeTeamFile } from '../harness/team.js';
import { ask, fetchTrusting, TeamBrowser } from '../harness/team-browser.js';

const BIN = resolve('bin/mcp-console.js');
const dir = mkdtempSync(join(tmpdir(), 'team-serve-'));
const dataDir = join(dir, 'data');
const config = join(dir, 'servers.json');
writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `mcp-console serve --team FILE` as an operator runs it; resolves once it says where it is, or with its exit. */
function serveTeam(file: string): Promise<{ child: ChildProcess; out: string; err: string; code?: number | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--team', file, '--config', config, '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/team service at [\s\S]*\nMCP Console agent endpoint at \S+/.test(out)) done({ child, out, err });
    });
    child.once('exit', (code) => done({ child, out, err, code }));
  });
}

describe('`serve --team` over HTTPS, with a real provider and an SDK agent of a person', () => {
  let idp: IdentityProvider;
  let run: Awaited<ReturnType<typeof serveTeam>>;
  let url: string;
  let ca: string;
  let file: string;
  beforeAll(async () => {
    const port = await freePort();
    idp = await startIdentityProvider([`https://127.0.0.1:${port}/auth/callback`]);
    const certs = testCertificates(dir);
    ca = readFileSync(certs.ca, 'utf8');
    file = writeTeamFile(join(dir, 'team'), idp, port, {
      publicUrl: `https://127.0.0.1:${port}`,
      tls: { cert: certs.cert, key: certs.key },
    });
    run = await serveTeam(file);
    expect(run.code, run.err).toBeUndefined();
    url = /team service at (\S+)/.exec(run.out)![1]!;
  }, 60_000);
  afterAll(async () => {
    run?.child.kill('SIGTERM');
    if (run?.child.exitCode === null) await new Promise((r) => run.child.once('exit', r));
    await idp?.close();
  });

  it('serves HTTPS only, with Secure __Host- cookies and HSTS', async () => {
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    const browser = new TeamBrowser(ca);
    const first = await browser.fetch(url);
    expect(first.status).toBe(302);
    expect(first.headers.get('strict-transport-security')).toMatch(/max-age=/);
    const page = await browser.signIn(url, 'alice');
    expect(page.res.status, page.text).toBe(200);
    const cookie = page.res.headers.getSetCookie().find((c) => c.startsWith('__Host-mcpc-team='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("lets a person's agent call; the call waits for an approver and the audit log names both", async () => {
    const erin = new TeamBrowser(ca);
    await erin.signIn(url, 'erin');
    const erinWs = await erin.socket(url);
    // The tools an agent is made with are the ones it may call (later ones wait for an admin): fx is listed first.
    await expect
      .poll(async () => JSON.stringify((await ask(erinWs, 'servers.list')).value), { timeout: 20_000 })
      .toMatch(/"status":"connected"/);
    const made = (await ask(erinWs, 'agents.add', { name: 'erin-ci', servers: ['fx'] })).value as { token: string };
    // The Agents tab gives the person the service's own address for their agent's host.
    expect((await ask(erinWs, 'agents.gateway')).value).toMatchObject({ httpUrl: `${url}mcp` });
    // The agent reaches the gateway on the service's own address, over its TLS.
    const endpoint = /team agent endpoint at (\S+)/.exec(run.out)![1]!;
    expect(endpoint).toBe(`${url}mcp`);
    const agent = new Client({ name: 'erin-ci-host', version: '1' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(endpoint), {
        requestInit: { headers: { Authorization: `Bearer ${made.token}` } },
        fetch: fetchTrusting(ca),
      }),
    );
    const alice = new TeamBrowser(ca);
    await alice.signIn(url, 'alice');
    const aliceWs = await alice.socket(url);
    // The approver's page hears of the call and decides it.
    aliceWs.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as {
        event?: string;
        payload?: { id: string; argsHash: string; requestedBy: { owner?: { subject: string } } };
      };
      if (msg.event !== 'approval.requested' || !msg.payload) return;
      expect(msg.payload.requestedBy.owner?.subject).toBe('erin');
      void ask(aliceWs, 'approvals.decide', {
        approvalId: msg.payload.id,
        decision: 'approve',
        argsHash: msg.payload.argsHash,
        scope: 'once',
      });
    });
    const result = await agent.callTool({ name: 'fx.echo', arguments: { message: 'ship it' } });
    expect(JSON.stringify(result.content)).toContain('ship it');
    await agent.close();
    erinWs.close();
    aliceWs.close();
    const carol = new TeamBrowser(ca);
    await carol.signIn(url, 'carol');
    const carolWs = await carol.socket(url);
    const entries = (await ask(carolWs, 'audit.query', { limit: 200 })).value as Array<{
      kind: string;
      requestedBy?: { owner?: { subject: string } };
      decider?: { subject: string };
    }>;
    const approved = entries.find((e) => e.kind === 'approved' && e.requestedBy?.owner?.subject === 'erin');
    expect(approved?.decider?.subject).toBe('alice');
    expect((await ask(carolWs, 'audit.verify')).value).toMatchObject({ ok: true });
    carolWs.close();
  });

  it("answers the load balancer's health check whatever the Host, and nothing else there", async () => {
    const { request } = await import('node:https');
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        `${url}healthz`,
        { ca, headers: { host: 'instance-1.internal' }, checkServerIdentity: () => undefined },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => done({ status: res.statusCode!, body }));
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(answer).toEqual({ status: 200, body: 'ok' });
  });

  it("adds an agent of a person from the service's command line, which the person's token then serves", async () => {
    const r = spawnSync(
      process.execPath,
      [
        BIN,
        'agents',
        'add',
        'bob-bot',
        '--servers',
        'fx',
        '--owner',
        'bob',
        '--team',
        file,
        '--data-dir',
        dataDir,
        '--json',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    const made = JSON.parse(r.stdout) as { token: string; owner?: { subject: string } };
    expect(made.owner?.subject).toBe('bob');
    const carol = new TeamBrowser(ca);
    await carol.signIn(url, 'carol');
    const carolWs = await carol.socket(url);
    await expect
      .poll(async () => JSON.stringify((await ask(carolWs, 'agents.list')).value))
      .toMatch(/"name":"bob-bot"[^}]*"owner":\{"subject":"bob"/);
    carolWs.close();
    const agent = new Client({ name: 'bob-bot', version: '1' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${url}mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${made.token}` } },
        fetch: fetchTrusting(ca),
      }),
    );
    expect((await agent.listTools()).tools.map((t) => t.name)).toContain('fx.echo');
    await agent.close();
    const bad = spawnSync(process.execPath, [BIN, 'agents', 'add', 'x', '--servers', 'fx', '--owner', 'bob'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--owner names a person of a team service: give its --team FILE too/);
  });
});

describe('`serve --team` refuses to start on a bad file or a provider it cannot read', () => {
  it('exits 2 on a file that would listen beyond loopback without TLS, saying why', () => {
    const bad = join(dir, 'bad-team.json');
    writeFileSync(
      bad,
      JSON.stringify({
        listen: { host: '0.0.0.0', port: 0 },
        publicUrl: 'https://console.example.org',
        oidc: { issuer: 'https://login.example.org', clientId: 'c' },
        roles: { approver: ['a'] },
      }),
    );
    const r = spawnSync(process.execPath, [BIN, 'serve', '--team', bad, '--data-dir', join(dir, 'd2')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not loopback, and no tls/);
  });

  it('exits 2 when the provider cannot be read, and serves nothing', async () => {
    const port = await freePort();
    const nowhere = { issuer: `http://127.0.0.1:${await freePort()}`, clientId: 'c', clientSecret: 's' };
    const file = writeTeamFile(join(dir, 'team-nowhere'), nowhere, port);
    const r = await serveTeam(file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/could not be read .*the team service does not start/);
  }, 60_000);
});
