import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Approval } from '../../shared/schemas/call.js';
import { freePort } from '../harness/harness.js';
import { startIdentityProvider, type IdentityProvider } from '../harness/oidc.js';
import { startPostgres, type TestPostgres } from '../harness/postgres.js';
import { instanceFiles, instancePorts, startInstance, stopTeam, type TeamInstance } from '../harness/team-instances.js';
import { ask, TeamBrowser } from '../harness/team-browser.js';
import {
  agentAdd,
  agentClient,
  agentOf,
  chainIdle,
  checksOn,
  kinds,
  openCalls,
  served,
  outcomesPerCall,
  page,
  pending,
  verifyTeam,
} from '../harness/team-store-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'team-pg-'));

describe('the team service on PostgreSQL: several instances, one queue', () => {
  let db: TestPostgres;
  let idp: IdentityProvider;
  const instances: TeamInstance[] = [];
  let tokenA: string;
  let load: { instance: number; token: string; name: string }[];
  let eFiles: ReturnType<typeof instanceFiles>;
  let ePort: number;
  let tokenE: string;
  beforeAll(async () => {
    db = await startPostgres();
    checksOn(db.url);
    const { ports, redirects } = await instancePorts(4);
    idp = await startIdentityProvider(redirects);
    const names = ['a', 'b', 'c'];
    // One policy for every instance: the load agents' echoes go without a person; everything else asks one.
    writeFileSync(
      join(dir, 'team-policy.json'),
      JSON.stringify({
        rules: [{ id: 'load', effect: 'allow', agent: 'load-*', server: 'fx', tool: 'echo', reason: 'load test' }],
      }),
    );
    const more = { store: db.url, policy: '../team-policy.json' };
    const files = names.map((n, i) => instanceFiles(join(dir, n), idp, ports[i]!, more));
    tokenA = agentOf(files[0]!, 'erin-ci');
    load = [0, 1].flatMap((i) =>
      [0, 1, 2, 3, 4].map((k) => {
        const name = `load-${i}-${k}`;
        return { instance: i, name, token: agentAdd(files[i]!, name) };
      }),
    );
    ePort = ports[3]!;
    eFiles = instanceFiles(join(dir, 'e'), idp, ePort, more);
    tokenE = agentOf(eFiles, 'erin-e');
    for (const [i, n] of names.entries()) instances.push(await startInstance(n, files[i]!, ports[i]!));
    // Each instance's own connection to the server is up before a test's agent calls.
    await served(instances[0]!, tokenA);
    await served(instances[1]!, load.find((l) => l.instance === 1)!.token);
  }, 180_000);
  afterAll(() => stopTeam(instances, idp, db, dir));

  it('releases a call held by instance A when an approver decides on instance B', async () => {
    const [a, b, c] = instances as [TeamInstance, TeamInstance, TeamInstance];
    const bob = await page(b, 'bob');
    const alice = await page(c, 'alice');
    const agent = await agentClient(a, tokenA);
    const answer = agent.callTool({ name: 'fx.echo', arguments: { message: 'held by a' } });
    // Every instance's queue shows it: B's and C's pages, whose people never touched A.
    await expect.poll(async () => (await pending(bob)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await pending(alice)).length, { timeout: 10_000 }).toBe(1);
    const held = (await pending(bob))[0]!;
    expect(held.requestedBy).toMatchObject({ kind: 'agent', name: 'erin-ci', owner: { subject: 'erin' } });
    expect((held as { heldBy?: string }).heldBy).toBe('a');
    const t0 = performance.now();
    const decided = await ask(bob, 'approvals.decide', {
      approvalId: held.id,
      decision: 'approve',
      argsHash: held.argsHash,
      scope: 'once',
    });
    expect(decided.ok, JSON.stringify(decided.error)).toBe(true);
    expect((decided.value as Approval).decider?.subject).toBe('bob');
    const result = await answer;
    const ms = performance.now() - t0;
    expect(JSON.stringify(result.content)).toContain('held by a');
    console.log(`decision on B to the agent's answer on A: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(2000);
    // The queue empties everywhere.
    await expect.poll(async () => (await pending(alice)).length).toBe(0);
    await agent.close();
    bob.close();
    alice.close();
  });

  it('takes one decision when two approvers on two instances decide at once', async () => {
    const [a, b, c] = instances as [TeamInstance, TeamInstance, TeamInstance];
    const bob = await page(b, 'bob');
    const frank = await page(c, 'frank');
    const agent = await agentClient(a, tokenA);
    const answer = agent.callTool({ name: 'fx.echo', arguments: { message: 'race' } });
    await expect.poll(async () => (await pending(bob)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await pending(frank)).length, { timeout: 10_000 }).toBe(1);
    const held = (await pending(bob))[0]!;
    const decide = (ws: typeof bob, decision: string) =>
      ask(ws, 'approvals.decide', { approvalId: held.id, decision, argsHash: held.argsHash, scope: 'once' });
    const [x, y] = await Promise.all([decide(bob, 'approve'), decide(frank, 'deny')]);
    expect([x.ok, y.ok].filter(Boolean)).toHaveLength(1);
    const lost = x.ok ? y : x;
    expect(lost.error?.code).toBe('already-decided');
    expect(lost.error?.message).toMatch(/already (approved|denied) by (Bob|Frank) Approver/);
    const result = await answer;
    expect(result.isError === true).toBe(!x.ok);
    // The store holds exactly one decision for it.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('SELECT decision FROM decisions WHERE approval_id = $1', [held.id]);
    await client.end();
    expect(rows).toHaveLength(1);
    await agent.close();
    bob.close();
    frank.close();
  });

  it('takes an agent made on one instance on every other, and its revocation everywhere', async () => {
    const [a, b, c] = instances as [TeamInstance, TeamInstance, TeamInstance];
    const onA = await page(a, 'erin');
    await expect
      .poll(async () => JSON.stringify((await ask(onA, 'servers.list')).value), { timeout: 20_000 })
      .toMatch(/"status":"connected"/);
    const made = await ask(onA, 'agents.add', { name: 'erin-roaming', servers: ['fx'] });
    expect(made.ok, JSON.stringify(made.error)).toBe(true);
    const token = (made.value as { token: string }).token;
    // Its token is good on B at once: the store told B, whose gateway reads its own copy.
    await expect
      .poll(
        async () => {
          const agent = await agentClient(b, token).catch(() => null);
          if (!agent) return false;
          const tools = (await agent.listTools()).tools.map((t) => t.name);
          await agent.close();
          return tools.includes('fx.echo');
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const onC = await page(c, 'erin');
    expect(JSON.stringify((await ask(onC, 'agents.list')).value)).toContain('"name":"erin-roaming"');
    // Revoked on C: refused on A and B.
    const revoked = await ask(onC, 'agents.revoke', { name: 'erin-roaming' });
    expect(revoked.ok, JSON.stringify(revoked.error)).toBe(true);
    for (const at of [a, b])
      await expect
        .poll(
          async () =>
            await agentClient(at, token).then(
              (x) => (void x.close(), 'in'),
              () => 'refused',
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe('refused');
    onA.close();
    onC.close();
  });

  it('keeps a sign-in on one instance good on every other, and a sign-out on one ends it on all', async () => {
    const [, b, c] = instances as [TeamInstance, TeamInstance, TeamInstance];
    const browser = new TeamBrowser();
    await browser.signIn(b.url, 'bob');
    // The load balancer sends the next request to C: the same cookie opens the page and the contract there.
    expect((await browser.fetch(c.url)).status).toBe(200);
    const onC = await browser.socket(c.url);
    expect((await ask(onC, 'console.person')).value).toMatchObject({ person: { subject: 'bob' } });
    const closed = new Promise<number>((r) => onC.once('close', (code) => r(code)));
    // Signed out on B: C's page of that session closes at once, and C no longer takes the cookie.
    const out = await browser.fetch(new URL('/auth/logout', b.url).href, {
      method: 'POST',
      origin: new URL(b.url).origin,
    });
    expect(out.status).toBe(303);
    expect(await closed).toBe(4401);
    const again = new TeamBrowser();
    await again.signIn(b.url, 'bob');
    const cookie = again.cookieHeader('127.0.0.1');
    await again.fetch(new URL('/auth/logout', b.url).href, { method: 'POST', origin: new URL(b.url).origin });
    const res = await fetch(c.url, { headers: { cookie }, redirect: 'manual' });
    expect(res.status).toBe(302);
  });

  it('shows an instance that starts late everything already pending', async () => {
    const [a] = instances as [TeamInstance];
    const agent = await agentClient(a, tokenA);
    const answer = agent.callTool({ name: 'fx.echo', arguments: { message: 'before d started' } });
    const bobA = await page(a, 'bob');
    await expect.poll(async () => (await pending(bobA)).length, { timeout: 10_000 }).toBe(1);
    const port = await freePort();
    // A provider knows its redirect URIs from the start: D reuses C's port range? No: it signs in through its own.
    const late = await startIdentityProvider([`http://127.0.0.1:${port}/auth/callback`]);
    const d = await startInstance('d', instanceFiles(join(dir, 'd'), late, port, { store: db.url }), port);
    try {
      const grace = await page(d, 'grace');
      await expect.poll(async () => (await pending(grace)).map((x) => x.callId), { timeout: 10_000 }).toHaveLength(1);
      const held = (await pending(grace))[0]!;
      const r = await ask(grace, 'approvals.decide', {
        approvalId: held.id,
        decision: 'deny',
        argsHash: held.argsHash,
        scope: 'once',
        reason: 'not now',
      });
      expect(r.ok, JSON.stringify(r.error)).toBe(true);
      expect((await answer).isError).toBe(true);
      grace.close();
    } finally {
      await d.stop();
      await late.close();
    }
    bobA.close();
    await agent.close();
  });

  it('marks the calls of an instance killed with kill -9 as their agent gone, once, and the chain holds', async () => {
    const [, b] = instances as [TeamInstance, TeamInstance];
    let e = await startInstance('e', eFiles, ePort);
    const bob = await page(b, 'bob');
    // E's own connection to the server serves its tools first (an agent's call before that is refused).
    await served(e, tokenE);
    const agent = await agentClient(e, tokenE);
    const waiting = Array.from({ length: 20 }, (_, i) =>
      agent.callTool({ name: 'fx.echo', arguments: { message: `pending ${i}` } }).catch((x: Error) => x),
    );
    const running = Array.from({ length: 5 }, () =>
      agent.callTool({ name: 'fx.never_answers', arguments: {} }).catch((x: Error) => x),
    );
    const ofE = async () => (await pending(bob)).filter((x) => (x as { heldBy?: string }).heldBy === 'e');
    await expect.poll(async () => (await ofE()).length, { timeout: 15_000 }).toBe(25);
    // The five slow ones are approved from B: E sends them, and they run when E dies.
    for (const a of (await ofE()).filter((x) => x.tool === 'never_answers')) {
      const r = await ask(bob, 'approvals.decide', {
        approvalId: a.id,
        decision: 'approve',
        argsHash: a.argsHash,
        scope: 'once',
      });
      expect(r.ok, JSON.stringify(r.error)).toBe(true);
    }
    await expect.poll(async () => (await ofE()).length).toBe(20);
    await chainIdle();
    await e.kill();
    // The others notice within seconds: E's waiting calls leave every queue.
    await expect.poll(async () => (await ofE()).length, { timeout: 15_000 }).toBe(0);
    await expect.poll(() => openCalls('e'), { timeout: 15_000 }).toBe(0);
    expect(await outcomesPerCall('e')).toEqual({ calls: 25, once: 25 });
    const abandoned = await kinds('e', 'abandoned');
    expect(abandoned.filter((x) => x.outcome === 'unknown')).toHaveLength(5);
    expect(abandoned.filter((x) => x.outcome === 'not-sent')).toHaveLength(20);
    expect(verifyTeam(eFiles.file)).toMatch(/^audit log intact: \d+ entries from .*\b(e)\b/);
    // E comes back on its own log: what that log marks abandoned on opening is not marked again.
    e = await startInstance('e', eFiles, ePort);
    await expect.poll(() => verifyTeam(eFiles.file), { timeout: 10_000 }).toMatch(/^audit log intact/);
    expect(await outcomesPerCall('e')).toEqual({ calls: 25, once: 25 });
    await e.stop();
    bob.close();
    void waiting;
    void running;
    await agent.close().catch(() => undefined);
  }, 90_000);

  it('rides out a restart of PostgreSQL under ten agents calling: every call one outcome, the chain intact', async () => {
    const agents = await Promise.all(load.map((l) => agentClient(instances[l.instance]!, l.token)));
    let stop = false;
    const results = { ok: 0, failed: 0, messages: new Set<string>() };
    const loops = agents.map(async (agent, i) => {
      for (let n = 0; !stop; n++) {
        try {
          const r = await agent.callTool({ name: 'fx.echo', arguments: { message: `load ${i} ${n}` } });
          if (r.isError) {
            results.failed++;
            results.messages.add(JSON.stringify(r.content).slice(0, 200));
          } else results.ok++;
        } catch (x) {
          results.failed++;
          results.messages.add(
            `${(x as Error).message} ${String((x as { cause?: Error }).cause?.message)}`.slice(0, 200),
          );
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    const before = results.ok;
    await db.restart();
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all(loops);
    console.log(`calls through a PostgreSQL restart: ${results.ok} answered, ${results.failed} failed`, [
      ...results.messages,
    ]);
    for (const i of instances)
      expect([i.child.exitCode, i.child.signalCode], `instance ${i.name} ended: ${i.err().slice(-3000)}`).toEqual([
        null,
        null,
      ]);
    expect(before).toBeGreaterThan(10);
    expect(results.ok).toBeGreaterThan(before);
    await Promise.all(agents.map((a) => a.close()));
    await chainIdle();
    for (const name of ['a', 'b']) {
      const per = await outcomesPerCall(name);
      expect(per.once, `instance ${name}`).toBe(per.calls);
    }
    expect(verifyTeam(eFiles.file)).toMatch(/^audit log intact/);
  }, 90_000);

  it('answers the health check 503 while the store is down, and 200 once it is back', async () => {
    const [, b] = instances as [TeamInstance, TeamInstance];
    const health = async () => (await fetch(new URL('/healthz', b.url))).status;
    expect(await health()).toBe(200);
    db.halt();
    try {
      await expect.poll(health, { timeout: 10_000 }).toBe(503);
      expect(await (await fetch(new URL('/healthz', b.url))).text()).toMatch(/team store .* cannot be reached|cut/);
    } finally {
      db.start();
    }
    await expect.poll(health, { timeout: 15_000 }).toBe(200);
  });
});

describe('the team service refuses a store it cannot use', () => {
  it('exits 2 when the store is unreachable at start, saying so', async () => {
    const port = await freePort();
    const idp = { issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' };
    const files = instanceFiles(join(dir, 'nowhere'), idp, port, {
      store: `postgres://console@127.0.0.1:${await freePort()}/nothing`,
    });
    await expect(startInstance('x', files, port)).rejects.toThrow(
      /exited 2: [\s\S]*team store postgres:\/\/console@127\.0\.0\.1:\d+\/nothing could not be used: .*the team service does not start/,
    );
  }, 30_000);

  it('exits 2 on a store a newer console migrated', async () => {
    const db = await startPostgres('newer');
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query(
        'CREATE TABLE mcp_console_schema (version integer PRIMARY KEY, what text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await client.query(`INSERT INTO mcp_console_schema (version, what) VALUES (999, 'from the future')`);
      await client.end();
      const port = await freePort();
      const idp = { issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' };
      const files = instanceFiles(join(dir, 'newer'), idp, port, { store: db.url });
      await expect(startInstance('y', files, port)).rejects.toThrow(
        /schema is version 999, newer than this MCP Console knows/,
      );
    } finally {
      await db.stop();
    }
  }, 60_000);
});
