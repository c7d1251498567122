import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrantView, PendingTool } from '../../shared/schemas/agent.js';
import type { PolicyView } from '../../shared/schemas/policy.js';
import type { Settings } from '../../shared/schemas/audit.js';
import type { ShippingView } from '../../shared/schemas/shipping.js';
import { startIdentityProvider, type IdentityProvider } from '../harness/oidc.js';
import { startPostgres, type TestPostgres } from '../harness/postgres.js';
import { freePort, Rsyslog, RSYSLOGD } from '../harness/rsyslog.js';
import { instanceFiles, instancePorts, startInstance, stopTeam, type TeamInstance } from '../harness/team-instances.js';
import { ask } from '../harness/team-browser.js';
import { agentClient, agentOf, checksOn, page, pending, query, served } from '../harness/team-store-checks.js';

/**
 * What a team's instances keep alike through PostgreSQL beside the queue and the chain: the standing grants, the
 * settings, the accepted tool definitions and the policy in force — and one instance, elected, shipping the team's
 * chain to the receiver. Real PostgreSQL, the real OpenID provider, real `serve --team` processes, a real rsyslog.
 */
const IMRELP = ['/usr/lib/x86_64-linux-gnu/rsyslog/imrelp.so', '/usr/lib/aarch64-linux-gnu/rsyslog/imrelp.so'];
const haveRelp = existsSync(RSYSLOGD) && IMRELP.some((p) => existsSync(p));
if (!haveRelp)
  console.log('skipped (shipping): rsyslog with imrelp is not installed (apt-get install rsyslog rsyslog-relp)');

const dir = mkdtempSync(join(tmpdir(), 'team-pg-alike-'));
const value = <T>(r: { ok: boolean; value?: unknown; error?: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
};
const policyText = (rules: unknown[]) => JSON.stringify({ rules }, null, 2) + '\n';
const sha = (t: string) => createHash('sha256').update(t).digest('hex');

describe('a team on PostgreSQL keeps grants, settings, pins and the policy alike on every instance', () => {
  let db: TestPostgres;
  let idp: IdentityProvider;
  const instances: TeamInstance[] = [];
  let files: ReturnType<typeof instanceFiles>[];
  let token: string;
  beforeAll(async () => {
    db = await startPostgres();
    checksOn(db.url);
    const { ports, redirects } = await instancePorts(2);
    idp = await startIdentityProvider(redirects);
    // Each instance its own copy of the policy file, as on two machines.
    files = ['a', 'b'].map((n, i) => {
      writeFileSync(join(dir, `policy-${n}.json`), policyText([]));
      return instanceFiles(join(dir, n), idp, ports[i]!, { store: db.url, policy: `../policy-${n}.json` });
    });
    token = agentOf(files[0]!, 'erin-ci');
    for (const [i, n] of ['a', 'b'].entries()) instances.push(await startInstance(n, files[i]!, ports[i]!));
    await served(instances[0]!, token);
    await served(instances[1]!, token);
  }, 180_000);
  afterAll(() => stopTeam(instances, idp, db, dir));

  it('holds an "always" given on B for an agent on A on both, and its revocation on both', async () => {
    const [a, b] = instances as [TeamInstance, TeamInstance];
    const bob = await page(b, 'bob');
    const bobOnA = await page(a, 'bob');
    const agentA = await agentClient(a, token);
    const first = agentA.callTool({ name: 'fx.echo', arguments: { message: 'grant me' } });
    await expect.poll(async () => (await pending(bob)).length, { timeout: 10_000 }).toBe(1);
    const held = (await pending(bob))[0]!;
    value(
      await ask(bob, 'approvals.decide', {
        approvalId: held.id,
        decision: 'approve',
        argsHash: held.argsHash,
        scope: 'always',
      }),
    );
    expect(JSON.stringify((await first).content)).toContain('grant me');
    // The grant was given where the call was held (A); B's list has it too, and B's agent session goes without asking.
    await expect
      .poll(async () => value<GrantView[]>(await ask(bob, 'grants.list', {})).length, { timeout: 10_000 })
      .toBe(1);
    const grant = value<GrantView[]>(await ask(bob, 'grants.list', {}))[0]!;
    expect(grant).toMatchObject({ scope: 'always', tool: 'echo', serverId: 'fx' });
    const agentB = await agentClient(b, token);
    const viaB = await agentB.callTool({ name: 'fx.echo', arguments: { message: 'granted on b' } });
    expect(JSON.stringify(viaB.content)).toContain('granted on b');
    expect(await pending(bob)).toHaveLength(0);
    const rows = await query<{ n: string }>(
      "SELECT count(*) AS n FROM shared_state WHERE kind = 'grants' AND body IS NOT NULL",
    );
    expect(Number(rows[0]!.n)).toBe(1);
    // Revoked on B (by an admin): A asks again.
    const olga = await page(b, 'olga');
    value(await ask(olga, 'grants.revoke', { id: grant.id }));
    olga.close();
    await expect
      .poll(async () => value<GrantView[]>(await ask(bobOnA, 'grants.list', {})).length, { timeout: 10_000 })
      .toBe(0);
    const again = agentA.callTool({ name: 'fx.echo', arguments: { message: 'asked again' } });
    await expect.poll(async () => (await pending(bob)).length, { timeout: 10_000 }).toBe(1);
    const asked = (await pending(bob))[0]!;
    value(await ask(bob, 'approvals.decide', { approvalId: asked.id, decision: 'deny', argsHash: asked.argsHash }));
    expect((await again).isError).toBe(true);
    await agentA.close();
    await agentB.close();
    bob.close();
    bobOnA.close();
  });

  it("takes a setting an admin changed on A on B, audited on B with A's name", async () => {
    const [a, b] = instances as [TeamInstance, TeamInstance];
    const olga = await page(a, 'olga');
    const carol = await page(b, 'olga');
    value(await ask(olga, 'settings.update', { approvalTimeoutMs: 123_000 }));
    await expect
      .poll(async () => value<Settings>(await ask(carol, 'settings.get', {})).approvalTimeoutMs, { timeout: 10_000 })
      .toBe(123_000);
    const saved = JSON.parse(readFileSync(join(files[1]!.dataDir, 'settings.json'), 'utf8')) as Settings;
    expect(saved.approvalTimeoutMs).toBe(123_000);
    // B writes its audit line beside the settings, not before them: wait for the line, not for the file.
    const taken = () =>
      query<{ line: string }>(
        "SELECT line FROM audit WHERE instance = 'b' AND line LIKE '%settings taken from the team store (written by a)%'",
      );
    await expect.poll(async () => (await taken()).length, { timeout: 10_000 }).toBe(1);
    olga.close();
    carol.close();
  });

  it('puts the policy file changed on A in force on B, and keeps an older copy from bringing it back', async () => {
    const b = instances[1]!;
    const olga = await page(b, 'olga');
    const text = policyText([
      { id: 'no-secrets', effect: 'deny', agent: '*', server: 'fx', tool: 'secret', reason: 'not for agents' },
    ]);
    writeFileSync(join(dir, 'policy-a.json'), text);
    const named = async () =>
      value<PolicyView>(await ask(olga, 'policy.get', {})).sources.find((s) => s.kind !== 'managed');
    await expect.poll(async () => (await named())?.hash, { timeout: 10_000 }).toBe(sha(text));
    expect((await named())?.rules.map((r) => r.id)).toEqual(['no-secrets']);
    const versions = await query<{ version: string; hash: string; instance: string }>(
      'SELECT version, hash, instance FROM policy_versions ORDER BY version',
    );
    expect(versions.map((v) => v.instance)).toEqual(['a', 'a']);
    expect(versions.at(-1)!.hash).toBe(sha(text));
    // B restarts with its own, older copy (the first version): the team's newest stays in force.
    const restarted = await b.stop();
    expect(restarted).toBe(0);
    instances[1] = await startInstance('b', files[1]!, b.port);
    const again = await page(instances[1]!, 'olga');
    const after = value<PolicyView>(await ask(again, 'policy.get', {})).sources.find((s) => s.kind !== 'managed');
    expect(after?.hash).toBe(sha(text));
    expect((await query('SELECT 1 FROM policy_versions')).length).toBe(2);
    olga.close();
    again.close();
  });

  it('shares the accepted definitions: a change accepted on B releases the tool on A', async () => {
    const [a, b] = instances as [TeamInstance, TeamInstance];
    const olgaA = await page(a, 'olga');
    const olgaB = await page(b, 'olga');
    // One baseline for the team: the instance that met the server first wrote it; the other took it.
    const rows = await query<{ identity: string; n: string; instances: string }>(
      "SELECT identity, count(*) AS n, string_agg(DISTINCT instance, ',') AS instances FROM pins WHERE tool = 'echo' GROUP BY identity",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.instances.split(',')).toHaveLength(1);
    const identity = rows[0]!.identity;
    // Another instance (as the store sees it) accepted a definition of echo that is not the live one: both wait.
    await query(
      "UPDATE pins SET fingerprint = 'f'||repeat('0', 63), instance = 'z' WHERE identity = $1 AND tool = 'echo'",
      [identity],
    );
    await query("SELECT pg_notify('mcpc_pins', $1)", [JSON.stringify({ identity, from: 'z' })]);
    const echoWaits = async (ws: typeof olgaA) =>
      value<PendingTool[]>(await ask(ws, 'agents.pendingTools', {})).find((t) => t.tool === 'echo');
    await expect.poll(async () => (await echoWaits(olgaA))?.state, { timeout: 10_000 }).toBe('changed');
    await expect.poll(async () => (await echoWaits(olgaB))?.state, { timeout: 10_000 }).toBe('changed');
    const live = (await echoWaits(olgaB))!;
    value(
      await ask(olgaB, 'agents.acceptTools', {
        serverId: 'fx',
        tools: [{ tool: 'echo', fingerprint: live.fingerprint }],
      }),
    );
    await expect.poll(async () => (await echoWaits(olgaA)) === undefined, { timeout: 10_000 }).toBe(true);
    const now = await query<{ fingerprint: string; instance: string }>(
      "SELECT fingerprint, instance FROM pins WHERE identity = $1 AND tool = 'echo'",
      [identity],
    );
    expect(now[0]).toEqual({ fingerprint: live.fingerprint, instance: 'b' });
    olgaA.close();
    olgaB.close();
  });

  it.skipIf(!haveRelp)(
    'ships the team chain from one elected instance: each entry once, and another takes over after kill -9',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const rs = new Rsyslog(join(dir, 'rsyslog'), port, undefined, 'relp');
      await rs.start();
      try {
        // The operator names the receiver on every instance (--ship-syslog); one of them ships.
        for (const [k, n] of ['a', 'b'].entries()) {
          expect(await instances[k]!.stop()).toBe(0);
          instances[k] = await startInstance(n, files[k]!, instances[k]!.port, {}, [
            '--ship-syslog',
            `relp://127.0.0.1:${port}`,
          ]);
        }
        const olga = await page(instances[0]!, 'olga');
        const head = async () => Number((await query<{ seq: string }>('SELECT seq FROM audit_head'))[0]!.seq);
        const seqs = () =>
          rs
            .received()
            .filter((m) => !m.anchor)
            .map((m) => m.seq);
        const views = async () =>
          Promise.all(
            instances.map(async (i) => {
              const ws = await page(i, 'olga');
              const v = value<ShippingView>(await ask(ws, 'audit.shipping', {}));
              ws.close();
              return v;
            }),
          );
        await expect
          .poll(async () => (await views()).map((v) => v.team?.self).sort(), { timeout: 15_000 })
          .toEqual([false, true]);
        const shipperAt = (await views()).findIndex((v) => v.team?.self);
        const other = 1 - shipperAt;
        expect((await views())[other]!.team?.shipper).toBe(instances[shipperAt]!.name);
        // Everything the chain holds, from its first entry, once each, in order.
        await expect.poll(async () => Math.max(0, ...seqs()) >= (await head()), { timeout: 30_000 }).toBe(true);
        const once = seqs();
        expect(once).toEqual([...Array(once.length).keys()].map((k) => k + 1));
        // The shipper dies: the other takes the lock, and goes on from the cursor the store keeps.
        await instances[shipperAt]!.kill();
        const survivor = instances[other]!;
        const ws = await page(survivor, 'olga');
        await expect
          .poll(async () => value<ShippingView>(await ask(ws, 'audit.shipping', {})).team?.self, { timeout: 15_000 })
          .toBe(true);
        value(await ask(ws, 'settings.update', { approvalTimeoutMs: 124_000 }));
        await expect.poll(async () => Math.max(0, ...seqs()) >= (await head()), { timeout: 30_000 }).toBe(true);
        const all = seqs();
        const distinct = [...new Set(all)].sort((x, y) => x - y);
        expect(distinct).toEqual([...Array(distinct.length).keys()].map((k) => k + 1));
        // At least once: only what was sent and not yet acknowledged when the shipper died may come twice.
        expect(all.length - distinct.length).toBeLessThan(50);
        console.log(`shipped ${distinct.length} entries of the team chain; ${all.length - distinct.length} twice`);
        ws.close();
        olga.close();
        instances.splice(shipperAt, 1);
      } finally {
        await rs.stop();
      }
    },
  );
});
