/**
 * The team service on PostgreSQL: one, two and three `serve --team` instances on one database, 20 agents spread over
 * them under an allow rule, against one instance on its embedded store (the data directory): calls a second, each
 * call's latency, and the time from an approver's decision on one instance to the answer of an agent held on another.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Approval } from '../../shared/schemas/call.js';
import { startIdentityProvider } from '../harness/oidc.js';
import { startPostgres } from '../harness/postgres.js';
import { instanceFiles, instancePorts, startInstance, type TeamInstance } from '../harness/team-instances.js';
import { agentAdd, agentClient, page, served } from '../harness/team-store-checks.js';
import { ask } from '../harness/team-browser.js';
import { ms, q, throughput } from './gateway-harness.js';
import { LeanAgent } from './lean-agent.js';

const AGENTS = 20;
const ALONE = 200;
const DECISIONS = 30;

export async function teamStoreBench(): Promise<void> {
  console.log('\nteam service on PostgreSQL: 20 agents under an allow rule, spread over the instances');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-store-bench-'));
  const db = await startPostgres('bench_embedded');
  const { ports, redirects } = await instancePorts(3);
  const idp = await startIdentityProvider(redirects);
  writeFileSync(
    join(dir, 'policy.json'),
    JSON.stringify({
      rules: [
        { effect: 'allow', tool: 'echo', reason: 'the bench allows echo' },
        { effect: 'ask', tool: 'calls_seen', reason: 'an approver decides' },
      ],
    }),
  );
  try {
    for (const n of [0, 1, 2, 3]) {
      const store = n === 0 ? undefined : await db.database(`bench_${n}`);
      const count = Math.max(1, n);
      const more = { policy: '../policy.json', ...(store && { store }) };
      const files = ports.slice(0, count).map((p, i) => instanceFiles(join(dir, `${n}-${i}`), idp, p, more));
      const tokens = Array.from({ length: AGENTS }, (_, k) => ({
        at: k % count,
        token: agentAdd(files[k % count]!, `bench-${k}`),
      }));
      const instances: TeamInstance[] = [];
      try {
        for (let i = 0; i < count; i++) instances.push(await startInstance(`i${i}`, files[i]!, ports[i]!));
        // Each instance's connection to the server is its own: wait until each serves its tools.
        for (const [i, inst] of instances.entries()) await served(inst, tokens.find((t) => t.at === i)!.token);
        const label = n === 0 ? 'one instance, embedded store' : `${n} instance${n > 1 ? 's' : ''} on PostgreSQL`;
        const lean = tokens.map((t) => new LeanAgent(new URL('/mcp', instances[t.at]!.url).href, t.token));
        await Promise.all(lean.map((a) => a.connect()));
        await throughput(
          label,
          lean.map((a) => () => a.callTool('fx.echo', { message: 'load' })),
          instances[0]!.child.pid!,
        );
        for (const a of lean) a.close();
        if (n <= 1) await alone(label, instances[0]!, tokens[0]!.token);
        if (n >= 2) await across(instances[0]!, instances[1]!, tokens[0]!.token);
      } finally {
        for (const i of instances) await i.stop();
      }
    }
  } finally {
    await idp.close();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each call alone, one after another: the latency of an allowed call through this setup. */
async function alone(label: string, at: TeamInstance, token: string): Promise<void> {
  const agent = await agentClient(at, token);
  const times: number[] = [];
  for (let i = 0; i < ALONE + 20; i++) {
    const t0 = performance.now();
    await agent.callTool({ name: 'fx.echo', arguments: { message: 'x' } });
    if (i >= 20) times.push(performance.now() - t0);
  }
  await agent.close();
  console.log(`  one call alone, ${label} (${ALONE}): p50 ${ms(q(times, 0.5))}, p99 ${ms(q(times, 0.99))}`);
}

/** From an approver's decision on instance B to the answer of an agent whose call instance A holds. */
async function across(a: TeamInstance, b: TeamInstance, token: string): Promise<void> {
  const agent = await agentClient(a, token);
  const approver = await page(b, 'bob');
  const times: number[] = [];
  for (let i = 0; i < DECISIONS; i++) {
    const asked = new Promise<Approval>((done) => {
      const on = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { event?: string; payload?: Approval };
        if (m.event === 'approval.requested' && m.payload?.tool === 'calls_seen') {
          approver.off('message', on);
          done(m.payload);
        }
      };
      approver.on('message', on);
    });
    const answer = agent.callTool({ name: 'fx.calls_seen', arguments: { name: `n${i}` } });
    const held = await asked;
    const t0 = performance.now();
    void ask(approver, 'approvals.decide', {
      approvalId: held.id,
      decision: 'approve',
      argsHash: held.argsHash,
      scope: 'once',
    });
    await answer;
    times.push(performance.now() - t0);
  }
  approver.close();
  await agent.close();
  console.log(
    `  decision on instance B to the answer of an agent held on A (${DECISIONS} calls): p50 ${ms(q(times, 0.5))}, p99 ${ms(q(times, 0.99))}`,
  );
}
