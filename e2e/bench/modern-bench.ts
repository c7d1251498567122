/**
 * The same figures as bench.ts in the 2026-07-28 era: the modern-only fixture over Streamable HTTP
 * (no initialize; server/discover, per-request _meta, Mcp-* headers), the bare SDK client against
 * the console's core (which adds the gate, the audit log, the trace tap and the change stream).
 */
import { TestCore } from '../../electron/core/testing.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';

const MODERN = resolve('out/node/e2e/fixtures/modern-server.js');
const CALLS = Number(process.env.BENCH_MODERN_CALLS ?? 1000);
const WARMUP = 100;
const LIST_RUNS = Number(process.env.BENCH_MODERN_LIST_RUNS ?? 7);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s[Math.floor(s.length / 2)];
  if (mid === undefined) throw new Error('no samples were measured');
  return s.length % 2 ? mid : ((s[s.length / 2 - 1] ?? mid) + mid) / 2;
};
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function startModern(tools: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [MODERN, '--port', '0'], {
    env: { ...process.env, MODERN_TOOLS: String(tools) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m?.[1]) ok(`${m[1]}/mcp`);
    });
    child.once('exit', () => fail(new Error('the modern fixture exited')));
  });
  return { url, child };
}

/**
 * The bare SDK client, declaring what the console declares (elicitation, sampling, roots, the tasks
 * extension): in 2026-07-28 every request carries the client's capabilities, so the baseline pays
 * for the same envelope and only the console's own work is counted as added.
 */
async function bare(url: string): Promise<Client> {
  const capabilities = {
    elicitation: { form: { applyDefaults: true }, url: {} },
    sampling: {},
    roots: { listChanged: true },
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  };
  const client = new Client(
    { name: 'bench', version: '1' },
    { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } }, listMaxPages: 0 },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function withCore<T>(url: string, fn: (core: TestCore) => Promise<T>, auditFsync = true): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-bench-'));
  const core = new TestCore({ dataDir, auditFsync });
  core.start();
  core.addServer('m', { type: 'http', url, headers: {} }, { callTimeoutMs: 120_000, era: 'modern' });
  try {
    const v = await core.connect('m');
    if (v.status !== 'connected' || v.era !== 'modern') throw new Error(`modern fixture did not connect: ${v.error}`);
    return await fn(core);
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A core with `echo` allowed for the session (the bench measures the gate's standing policy, not a person). */
async function granted(core: TestCore): Promise<void> {
  const first = core.requestCall('m', 'echo', { message: 'grant' }, CONSOLE_USER);
  const a = core.approval(first.approvalId!)!;
  core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session' }, 'user');
  await core.waitCall(first.id);
}

async function timedCall(core: TestCore, i: number): Promise<number> {
  const t0 = performance.now();
  const rec = core.requestCall('m', 'echo', { message: `x${i}` }, CONSOLE_USER);
  const done = await core.waitCall(rec.id);
  if (done.outcome !== 'ok') throw new Error(`unexpected ${done.outcome}: ${done.error?.message}`);
  return performance.now() - t0;
}

/**
 * One bare call, then one through the core (approval fsynced), then one through a core whose audit
 * log is not synced, and so on: over HTTP on two cores the machine's noise moves all of them by a
 * millisecond from one minute to the next, so they are measured side by side. The third says how
 * much of the added time is the disk's and how much the core's own work.
 */
async function callsInterleaved(url: string): Promise<{ bare: number[]; core: number[]; unsynced: number[] }> {
  const client = await bare(url);
  try {
    return await withCore(url, (core) =>
      withCore(
        url,
        async (loose) => {
          await granted(core);
          await granted(loose);
          const out = { bare: [] as number[], core: [] as number[], unsynced: [] as number[] };
          for (let i = 0; i < WARMUP + CALLS; i++) {
            const t0 = performance.now();
            await client.callTool({ name: 'echo', arguments: { message: `x${i}` } });
            const b = performance.now() - t0;
            const c = await timedCall(core, i);
            const u = await timedCall(loose, i);
            if (i < WARMUP) continue;
            out.bare.push(b);
            out.core.push(c);
            out.unsynced.push(u);
          }
          return out;
        },
        false,
      ),
    );
  } finally {
    await client.close();
  }
}

/** Listing 10,000 tools, bare and through the core (the catalog forgotten each time: a first listing), side by side. */
async function listInterleaved(url: string): Promise<{ bare: number[]; core: number[] }> {
  const client = await bare(url);
  try {
    return await withCore(url, async (core) => {
      const out = { bare: [] as number[], core: [] as number[] };
      for (let r = 0; r < LIST_RUNS + 1; r++) {
        let t0 = performance.now();
        const n = (await client.listTools(undefined, { cacheMode: 'refresh' })).tools.length;
        if (n < 10_000) throw new Error(`listed ${n}`);
        const b = performance.now() - t0;
        core.forgetCatalog('m');
        t0 = performance.now();
        await core.refreshCatalog('m', 'refresh');
        if (core.tools('m').length < 10_000) throw new Error('catalog incomplete');
        if (r > 0) {
          out.bare.push(b);
          out.core.push(performance.now() - t0);
        }
      }
      return out;
    });
  } finally {
    await client.close();
  }
}

export async function modernBench(): Promise<void> {
  const small = await startModern(0);
  try {
    const calls = await callsInterleaved(small.url);
    const b = median(calls.bare);
    const c = median(calls.core);
    console.log(
      `2026-07-28 era, Streamable HTTP, ${CALLS} sequential echo calls each (after ${WARMUP} warm-up), bare and core alternating, session-approved, audit log on and fsynced:`,
    );
    console.log(
      `  bare SDK client    median ${ms(b)}  (declaring the console's capabilities: the same per-request envelope)`,
    );
    console.log(`  through the core   median ${ms(c)}  added ${ms(c - b)} (goal < 1 ms), ratio ${(c / b).toFixed(2)}x`);
    const u = median(calls.unsynced);
    console.log(`  audit not synced   median ${ms(u)}  added ${ms(u - b)}: the core's own work, without the disk's`);
  } finally {
    small.child.kill();
  }
  const big = await startModern(10_000);
  try {
    const list = await listInterleaved(big.url);
    const b = median(list.bare);
    const c = median(list.core);
    console.log(
      `2026-07-28 era, listing 10,000 tools (one page, the server builds it per request), median of ${LIST_RUNS} runs each, alternating:`,
    );
    console.log(`  bare SDK client                  ${ms(b)}`);
    console.log(`  through the core, first listing  ${ms(c)}  ratio ${(c / b).toFixed(2)}x (goal within 1.3x)`);
  } finally {
    big.child.kill();
  }
}
