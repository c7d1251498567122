/**
 * `npm run bench`: what the core adds over the bare SDK client, against the same stdio fixture.
 * Call round trip (session-approved, audit log on and flushed) and listing 10,000 tools.
 */
import { TestCore } from '../../electron/core/testing.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { uiBench } from './ui-bench.js';
import { appsBench } from './apps-bench.js';
import { collectionsBench } from './collections-bench.js';
import { scaleBench } from './scale-bench.js';
import { modernBench } from './modern-bench.js';
import { gatewayBench } from './gateway-bench.js';
import { teamServiceBench } from './team-service-bench.js';
import { teamStoreBench } from './team-store-bench.js';
import { reviewBench } from './review-bench.js';
import { boundaryBench } from './boundary-bench.js';
import { cliBench } from './cli-bench.js';
import { rssBench } from './rss-bench.js';
import { startBench } from './start-bench.js';
import { timelineBench } from './timeline-bench.js';
import { keepFigures } from './figures.js';
import { scriptedConsent } from '../harness/harness.js';

// Every figure printed below is kept for the next run, which prints what got more than 20% worse.
const figures = keepFigures(resolve(process.env.BENCH_FIGURES ?? 'out/bench/last-figures.json'));
const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const WARMUP = 200;
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const TOOLS = '10000';

/** The i-th of sorted samples; a run that measured nothing is an error, not a number. */
const nth = (s: number[], i: number): number => {
  const v = s[i];
  if (v === undefined) throw new Error('no samples were measured');
  return v;
};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? nth(s, (s.length - 1) / 2) : (nth(s, s.length / 2 - 1) + nth(s, s.length / 2)) / 2;
};
const p = (xs: number[], q: number): number =>
  nth(
    [...xs].sort((a, b) => a - b),
    Math.min(xs.length - 1, Math.floor(q * xs.length)),
  );
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function bareClient(env: Record<string, string>) {
  // 2.x walks every page of listTools() itself; no cap for 10,000 tools
  const client = new Client({ name: 'bench', version: '1' }, { capabilities: {}, listMaxPages: 0 });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE], env, stderr: 'ignore' }));
  return client;
}

async function benchCallsBare(): Promise<number[]> {
  const client = await bareClient({ FIXTURE_TOOLS: '300' });
  const times: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const t0 = performance.now();
    await client.callTool({ name: 'echo', arguments: { message: 'x', i } });
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  await client.close();
  return times;
}

async function withCore<T>(
  env: Record<string, string>,
  fn: (core: TestCore) => Promise<T>,
  auditFsync = true,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-bench-'));
  const core = new TestCore({ dataDir, auditFsync, consent: scriptedConsent() });
  core.start();
  core.addServer('fx', { type: 'stdio', command: process.execPath, args: [FIXTURE], env }, { callTimeoutMs: 120_000 });
  try {
    const v = await core.connect('fx');
    if (v.status !== 'connected') throw new Error(`fixture did not connect: ${v.error}`);
    return await fn(core);
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchCallsCore(auditFsync: boolean): Promise<number[]> {
  return withCore(
    { FIXTURE_TOOLS: '300' },
    async (core) => {
      const first = core.requestCall('fx', 'echo', { message: 'grant' }, CONSOLE_USER);
      const a = core.approval(first.approvalId!)!;
      core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session' }, 'user');
      await core.waitCall(first.id);
      const times: number[] = [];
      for (let i = 0; i < WARMUP + CALLS; i++) {
        const t0 = performance.now();
        const rec = core.requestCall('fx', 'echo', { message: 'x', i }, CONSOLE_USER);
        const done = await core.waitCall(rec.id);
        if (done.outcome !== 'ok' || done.decidedBy !== 'session-policy')
          throw new Error(`unexpected ${done.outcome} by ${done.decidedBy}`);
        if (i >= WARMUP) times.push(performance.now() - t0);
      }
      const v = core.verifyAudit();
      if (!v.ok || v.entries < CALLS * 3) throw new Error('audit log incomplete');
      return times;
    },
    auditFsync,
  );
}

async function benchListBare(): Promise<number[]> {
  const client = await bareClient({ FIXTURE_TOOLS: TOOLS, FIXTURE_PAGE_SIZE: '100' });
  const times: number[] = [];
  for (let r = 0; r < LIST_RUNS + 1; r++) {
    const t0 = performance.now();
    let cursor: string | undefined;
    let n = 0;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      n += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    if (n < 10_000) throw new Error(`listed ${n}`);
    if (r > 0) times.push(performance.now() - t0);
  }
  await client.close();
  return times;
}

async function benchListCore(): Promise<{ cold: number[]; warm: number[]; heapMb: number }> {
  return withCore({ FIXTURE_TOOLS: TOOLS, FIXTURE_PAGE_SIZE: '100' }, async (core) => {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let r = 0; r < LIST_RUNS * 2; r++) {
      // Cold: the live catalog forgotten, every definition hashed afresh (as on connect).
      // Warm: a re-list of unchanged definitions (as after list_changed).
      const isCold = r % 2 === 0;
      if (isCold) core.forgetCatalog('fx');
      const t0 = performance.now();
      await core.refreshCatalog('fx', 'refresh');
      (isCold ? cold : warm).push(performance.now() - t0);
      if (core.tools('fx').length < 10_000) throw new Error('catalog incomplete');
    }
    const times = warm;
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    await core.disconnect('fx');
    global.gc?.();
    const heapMb = (before - process.memoryUsage().heapUsed) / 1_048_576;
    void times;
    return { cold, warm, heapMb };
  });
}

const bare = await benchCallsBare();
const core = await benchCallsCore(true);
const nosync = await benchCallsCore(false);
const mb = median(bare);
const mc = median(core);
const mn = median(nosync);
console.log(
  `call round trip over stdio, ${CALLS} sequential echo calls (after ${WARMUP} warm-up), session-approved, audit log on:`,
);
console.log(`  bare SDK client                       median ${ms(mb)}  p95 ${ms(p(bare, 0.95))}`);
console.log(
  `  through the core (approval fsynced)   median ${ms(mc)}  p95 ${ms(p(core, 0.95))}  added ${ms(mc - mb)} (goal < 1 ms), ratio ${(mc / mb).toFixed(2)}x`,
);
console.log(
  `  through the core (audit not fsynced)  median ${ms(mn)}  p95 ${ms(p(nosync, 0.95))}  added ${ms(mn - mb)}: the core's own work, without the disk's`,
);

const lb = await benchListBare();
const lc = await benchListCore();
const mlb = median(lb);
const mcold = median(lc.cold);
const mwarm = median(lc.warm);
console.log(`listing 10,000 tools (100 a page) over stdio, median of ${LIST_RUNS} runs each:`);
console.log(`  bare SDK client                  ${ms(mlb)}`);
console.log(
  `  through the core, first listing  ${ms(mcold)}  ratio ${(mcold / mlb).toFixed(2)}x (every definition fingerprinted: sha-256 of canonical JSON)`,
);
console.log(
  `  through the core, re-listing     ${ms(mwarm)}  ratio ${(mwarm / mlb).toFixed(2)}x (unchanged definitions reuse their fingerprints)`,
);
console.log(`  goal: within 1.3x of the bare SDK`);
console.log(
  `  catalog heap for 10,000 tools: ${global.gc ? `${lc.heapMb.toFixed(1)} MB` : 'run with --expose-gc to measure'}`,
);

if (process.env.BENCH_SKIP_CLI) console.log('command-line figures skipped: BENCH_SKIP_CLI is set');
else cliBench();
if (process.env.BENCH_SKIP_START) console.log('start figures skipped: BENCH_SKIP_START is set');
else await startBench();
if (process.env.BENCH_SKIP_RSS) console.log('serving-process memory skipped: BENCH_SKIP_RSS is set');
else await rssBench();
if (process.env.BENCH_SKIP_MODERN) console.log('2026-07-28 figures skipped: BENCH_SKIP_MODERN is set');
else await modernBench();
if (process.env.BENCH_SKIP_GATEWAY) console.log('gateway figures skipped: BENCH_SKIP_GATEWAY is set');
else await gatewayBench();
if (process.env.BENCH_SKIP_TEAM) console.log('team service figures skipped: BENCH_SKIP_TEAM is set');
else await teamServiceBench();
if (process.env.BENCH_SKIP_TEAM_STORE) console.log('team store figures skipped: BENCH_SKIP_TEAM_STORE is set');
else await teamStoreBench();
if (process.env.BENCH_SKIP_REVIEW) console.log('review figures skipped: BENCH_SKIP_REVIEW is set');
else await reviewBench();
if (process.env.BENCH_SKIP_BOUNDARY) console.log('boundary figures skipped: BENCH_SKIP_BOUNDARY is set');
else await boundaryBench();
if (process.env.BENCH_SKIP_UI) console.log('UI figures skipped: BENCH_SKIP_UI is set');
else {
  await uiBench();
  await timelineBench();
}
if (process.env.BENCH_SKIP_APPS) console.log('MCP Apps figures skipped: BENCH_SKIP_APPS is set');
else await appsBench();
if (process.env.BENCH_SKIP_COLLECTIONS) console.log('collection figures skipped: BENCH_SKIP_COLLECTIONS is set');
else await collectionsBench();
if (process.env.BENCH_SKIP_SCALE) console.log('scale figures skipped: BENCH_SKIP_SCALE is set');
else await scaleBench();
figures.finish();
