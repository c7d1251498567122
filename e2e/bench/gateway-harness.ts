/**
 * What the gateway bench's parts share: a real `mcp-console serve`, the person in a process of its
 * own, agents made on its data directory, SDK clients over HTTP, and the throughput run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { childrenRunning, cpuMs } from './lean-agent.js';

export const BIN = resolve('bin/mcp-console.js');
export const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const PERSON = resolve('out/node/e2e/bench/person.js');
export const AGENTS = 10;
const IN_FLIGHT = Number(process.env.BENCH_GATEWAY_IN_FLIGHT ?? 4);
const SECONDS = Number(process.env.BENCH_GATEWAY_SECONDS ?? 5);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const q = (xs: number[], f: number) => {
  const s = sorted(xs);
  const v = s[Math.min(s.length - 1, Math.floor(f * s.length))];
  if (v === undefined) throw new Error('no samples were measured');
  return v;
};
export const ms = (x: number) => `${x.toFixed(3)} ms`;

export function serve(
  dataDir: string,
  config: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; page: string; agents: string }> {
  return new Promise((done, fail) => {
    // BENCH_PROFILE_DIR=D writes a CPU profile of the console process there (where its time goes).
    const prof = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
    const child = spawn(
      process.execPath,
      [...prof, BIN, 'serve', '--config', config, '--data-dir', dataDir, ...extra],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const page = /MCP Console ready at (\S+)/.exec(out)?.[1];
      const agents = /MCP Console agent endpoint at (\S+)/.exec(out)?.[1];
      if (page && agents) done({ child, page, agents });
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}`)));
  });
}

/**
 * The person (e2e/bench/person.ts, a process of its own): allows each agent's first call for the session (their grant
 * covers the rest).
 */
export function person(pageUrl: string): Promise<() => void> {
  const child = spawn(process.execPath, [PERSON, pageUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the person's process exited with ${code}`)));
    child.stdout!.once('data', () => done(() => child.kill()));
  });
}

export function addAgent(dataDir: string, name: string): string {
  const r = spawnSync(
    process.execPath,
    [BIN, 'agents', 'add', name, '--servers', 'fx', '--json', '--data-dir', dataDir],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return (JSON.parse(r.stdout) as { token: string }).token;
}

export async function httpAgent(url: string, token: string, era: 'legacy' | 'modern'): Promise<Client> {
  const c = new Client(
    { name: 'bench-agent', version: '1' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  await c.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return c;
}

/** Lists an agent's tools until the server's are there (an agent's arrival connects its servers). */
export async function toolsReached(url: string, token: string): Promise<void> {
  const first = await httpAgent(url, token, 'legacy');
  for (let i = 0; !(await first.listTools()).tools.some((t) => t.name === 'fx.echo'); i++) {
    if (i > 100) throw new Error('fx.echo never reached the agents');
    await new Promise((r) => setTimeout(r, 100));
  }
  await first.close();
}

/**
 * Calls from every agent at once, IN_FLIGHT each, for SECONDS (after a second of warm-up); prints calls/s, latency and
 * CPU per call.
 */
export async function throughput(
  label: string,
  agents: Array<() => Promise<void>>,
  consolePid: number,
  goal = '',
): Promise<void> {
  const drive = async (seconds: number, lat: number[] | null) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      agents.flatMap((call) =>
        Array.from({ length: IN_FLIGHT }, async () => {
          while (performance.now() < until) {
            const t = performance.now();
            await call();
            lat?.push(performance.now() - t);
          }
        }),
      ),
    );
  };
  await drive(1, null); // every agent's grant is made, connections are open, code is warm
  const upstream = childrenRunning(consolePid, 'fixtures/server.js')[0];
  const before = {
    console: cpuMs(consolePid),
    upstream: upstream ? cpuMs(upstream) : null,
    agents: process.cpuUsage(),
  };
  const lat: number[] = [];
  const t0 = performance.now();
  await drive(SECONDS, lat);
  const secs = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(before.agents);
  const per = (a: number | null, b: number | null) =>
    a === null || b === null ? 'n/a' : `${((b - a) / lat.length).toFixed(3)} ms`;
  console.log(
    `  ${agents.length} agents x ${IN_FLIGHT} in flight over HTTP for ${SECONDS} s, ${label}: ${(lat.length / secs).toFixed(0)} calls/s${goal}, p50 ${ms(q(lat, 0.5))}, p99 ${ms(q(lat, 0.99))}`,
  );
  console.log(
    `    CPU per call: console ${per(before.console, cpuMs(consolePid))}, agents ${((used.user + used.system) / 1000 / lat.length).toFixed(3)} ms, upstream server ${upstream ? per(before.upstream, cpuMs(upstream)) : 'n/a'} (two cores: 2 ms per call in all is 1,000 calls/s)`,
  );
}
