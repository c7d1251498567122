/**
 * The team service (`serve --team`): 20 agents of 5 people on the service's own address, 3 approvers' pages open.
 * Calls a second under an allow rule; the latency a policy-allowed call adds over the bare SDK (each call alone); and
 * the time from an approver's decision to the agent's answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { freePort } from '../harness/harness.js';
import { startIdentityProvider } from '../harness/oidc.js';
import { writeTeamFile } from '../harness/team.js';
import { ask, TeamBrowser } from '../harness/team-browser.js';
import { BIN, FIXTURE, ms, q, throughput } from './gateway-harness.js';
import { LeanAgent } from './lean-agent.js';

const OWNERS = ['alice', 'bob', 'erin', 'frank', 'grace'];
const APPROVERS = ['alice', 'bob', 'frank'];
const ALONE = 200;
const DECISIONS = 30;

export async function teamServiceBench(): Promise<void> {
  console.log('\nteam service (serve --team): 20 agents of 5 people, 3 approvers’ pages open');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-team-bench-'));
  const port = await freePort();
  const idp = await startIdentityProvider([`http://127.0.0.1:${port}/auth/callback`]);
  const config = join(dir, 'servers.json');
  const fixture = { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '50' } };
  writeFileSync(config, JSON.stringify({ mcpServers: { fx: fixture } }));
  const policy = join(dir, 'policy.json');
  writeFileSync(
    policy,
    JSON.stringify({
      rules: [
        { effect: 'allow', tool: 'echo', reason: 'the bench allows echo' },
        { effect: 'ask', tool: 'calls_seen', reason: 'an approver decides' },
      ],
    }),
  );
  const file = writeTeamFile(join(dir, 'team'), idp, port);
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--team', file, '--config', config, '--policy', policy, '--data-dir', dir],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const closers: Array<() => unknown> = [];
  try {
    const out = await new Promise<string>((done, fail) => {
      let text = '';
      child.stdout!.on('data', (c: Buffer) => {
        text += c.toString();
        if (/\nMCP Console agent endpoint at \S+/.test(text)) done(text);
      });
      child.once('exit', (code) => fail(new Error(`serve --team exited with ${code}`)));
    });
    const url = /team service at (\S+)/.exec(out)![1]!;
    const endpoint = /team agent endpoint at (\S+)/.exec(out)![1]!;
    const pages = new Map<string, Awaited<ReturnType<TeamBrowser['socket']>>>();
    for (const login of OWNERS) {
      const b = new TeamBrowser();
      await b.signIn(url, login);
      const ws = await b.socket(url);
      pages.set(login, ws);
      closers.push(() => ws.terminate());
    }
    const first = pages.get('alice')!;
    for (let i = 0; i < 200; i++) {
      if (JSON.stringify((await ask(first, 'servers.list')).value).includes('"status":"connected"')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const tokens: string[] = [];
    for (const login of OWNERS)
      for (let i = 0; i < 4; i++) {
        const made = await ask(pages.get(login)!, 'agents.add', { name: `${login}-${i}`, servers: ['fx'] });
        tokens.push((made.value as { token: string }).token);
      }
    // Only the approvers' pages stay open (they get every event); the others were for making agents.
    for (const login of OWNERS) if (!APPROVERS.includes(login)) pages.get(login)!.terminate();

    const lean = tokens.map((t) => new LeanAgent(endpoint, t));
    await Promise.all(lean.map((a) => a.connect()));
    await throughput(
      'through the team service, an allow rule deciding',
      lean.map((a) => () => a.callTool('fx.echo', { message: 'load' })),
      child.pid!,
    );
    for (const a of lean) a.close();

    await alone(endpoint, tokens[0]!);
    await decisionToAnswer(endpoint, tokens[1]!, pages.get('bob')!);
  } finally {
    for (const c of closers) c();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each call alone: an allowed call through the team service against the bare SDK straight to the server. */
async function alone(endpoint: string, token: string): Promise<void> {
  const bare = new Client({ name: 'bench-bare', version: '1' });
  await bare.connect(
    new StdioClientTransport({ command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '50' } }),
  );
  const agent = new Client({ name: 'bench-agent', version: '1' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const direct: number[] = [];
  const team: number[] = [];
  for (let i = 0; i < ALONE + 20; i++) {
    const t0 = performance.now();
    await bare.callTool({ name: 'echo', arguments: { message: 'x' } });
    const t1 = performance.now();
    await agent.callTool({ name: 'fx.echo', arguments: { message: 'x' } });
    const t2 = performance.now();
    if (i < 20) continue; // warm-up
    direct.push(t1 - t0);
    team.push(t2 - t1);
  }
  await bare.close();
  await agent.close();
  const added = q(team, 0.5) - q(direct, 0.5);
  console.log(
    `  one call alone (${ALONE} each, alternating): bare SDK over stdio p50 ${ms(q(direct, 0.5))}, p99 ${ms(q(direct, 0.99))}; through the team service, allowed by a rule, p50 ${ms(q(team, 0.5))}, p99 ${ms(q(team, 0.99))}; added p50 ${ms(added)}`,
  );
}

/** From an approver's decision (sent from their page) to the agent's answer. */
async function decisionToAnswer(endpoint: string, token: string, approver: Awaited<ReturnType<TeamBrowser['socket']>>) {
  const agent = new Client({ name: 'bench-asker', version: '1' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const times: number[] = [];
  for (let i = 0; i < DECISIONS; i++) {
    const asked = new Promise<{ id: string; argsHash: string }>((done) => {
      const on = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as {
          event?: string;
          payload?: { id: string; argsHash: string; tool: string };
        };
        if (m.event === 'approval.requested' && m.payload?.tool === 'calls_seen') {
          approver.off('message', on);
          done(m.payload);
        }
      };
      approver.on('message', on);
    });
    const answer = agent.callTool({ name: 'fx.calls_seen', arguments: { name: `n${i}` } });
    const a = await asked;
    const t0 = performance.now();
    void ask(approver, 'approvals.decide', {
      approvalId: a.id,
      decision: 'approve',
      argsHash: a.argsHash,
      scope: 'once',
    });
    await answer;
    times.push(performance.now() - t0);
  }
  await agent.close();
  console.log(
    `  from an approver's decision to the agent's answer (${DECISIONS} calls): p50 ${ms(q(times, 0.5))}, p99 ${ms(q(times, 0.99))}`,
  );
}
