/**
 * The serving process's memory for `npm run bench` (issue "Performance, round three"): the RSS of
 * `mcp-console serve` idle, and with the fixture server connected and its 1,000 and 10,000 tools
 * listed, beside the bare SDK client holding the same catalog (the floor: Node, the SDK and the
 * tools themselves). A client of the contract asks for the connection as a page would; the RSS is
 * read from /proc (as `ps` shows it) once the catalog arrived and the automatic review has run, and
 * again once V8's memory reducer has run in both processes. Then `serve` once more, started as README
 * gives it for a long run (LEAN_LAUNCH), once settled. Each figure of `serve` depends on whether it
 * held glibc's trim threshold (electron/launch/malloc-trim.ts), so the section says whether it did.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebSocket } from 'ws';
import { LEAN_LAUNCH, startServe, type ServeLaunch } from '../tools/serve-process.js';
import { count } from '../../shared/plain-format.js';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const BARE_HOLD = resolve('out/node/e2e/bench/bare-hold.js');
// Long enough for the automatic review (one second after the catalog changed, in a worker thread) to
// have run and its worker to have ended: measured sooner, the figure is lower (0.5 s: 120 MB at
// 10,000 tools) or higher (3 s, the worker still running: 168 MB) than where it settles.
const SETTLE_MS = Number(process.env.BENCH_RSS_SETTLE_MS ?? 8000);
// Then again once V8's memory reducer has run: the young generation a listing grew to 32 MB stays
// committed until then, in the bare SDK client too (10,000 tools: 89 MB at 8 s, 71 MB after). It
// runs 12-40 s after a process starts here; the RSS is read each second until it has fallen by a
// tenth and held for two seconds, or for SETTLED_MS at most (then the lowest read is given).
const SETTLED_MS = Number(process.env.BENCH_RSS_SETTLED_MS ?? 60_000);

const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One request over the contract's WebSocket, as the page sends it; every event that comes meanwhile
 * is parsed too (as the page parses it), and `onEvent` sees it.
 */
export function request(
  url: string,
  method: string,
  params: object,
  onEvent?: (name: string, payload: unknown) => void,
): Promise<unknown> {
  const u = new URL(url);
  const token = new URLSearchParams(u.hash.slice(1)).get('token');
  const ws = new WebSocket(`ws://${u.host}/ws?token=${token}`, { origin: `http://${u.host}` });
  return new Promise((done, fail) => {
    ws.on('message', (data, binary) => {
      if (binary) return;
      const msg = JSON.parse(data.toString()) as {
        id?: number;
        event?: string;
        payload?: unknown;
        reply?: { ok: boolean; value?: unknown; error?: { message: string } };
      };
      if (msg.event) onEvent?.(msg.event, msg.payload);
      if (msg.id !== 1 || !msg.reply) return;
      if (!msg.reply.ok) fail(new Error(msg.reply.error?.message ?? 'the request failed'));
      else done(msg.reply.value);
    });
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, method, params })));
    ws.once('error', fail);
  });
}

/** RSS after SETTLE_MS and once settled (see SETTLED_MS), in MB. */
export type Rss = [early: number, settled: number];

/** A process's RSS SETTLE_MS from now, and once V8's memory reducer has run in it (see SETTLED_MS). */
export async function sampled(pid: number): Promise<Rss> {
  await sleep(SETTLE_MS);
  const early = rssMb(pid);
  let low = early;
  let held = 0;
  for (let waited = SETTLE_MS; waited < SETTLED_MS && held < 2; waited += 1000) {
    await sleep(1000);
    const now = rssMb(pid);
    if (low < early * 0.9 && now <= low * 1.02) held++;
    low = Math.min(low, now);
  }
  return [early, low];
}

const HELPER = resolve('out/native/malloc-trim.node');

/** `serve`'s RSS, and whether it loaded the malloc helper (it maps the file once loaded). */
async function serveRss(tools: number | null, launch?: ServeLaunch): Promise<Rss & { trimHeld: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-rss-'));
  const s = await startServe(
    { mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: String(tools ?? 0) } } } },
    dir,
    [],
    launch,
  );
  try {
    if (tools !== null) {
      // A server of --config runs without a question (the person named it on the command line).
      const view = (await request(s.url, 'servers.connect', { serverId: 'fx' })) as { status: string };
      if (view.status !== 'connected')
        throw new Error(`the fixture did not connect: ${JSON.stringify(view).slice(0, 300)}`);
    }
    const rss = await sampled(s.child.pid!);
    return Object.assign(rss, { trimHeld: readFileSync(`/proc/${s.child.pid!}/maps`, 'utf8').includes(HELPER) });
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bare SDK client holding the same catalog (bare-hold.ts prints "held" once it has it). */
async function bareRss(tools: number): Promise<Rss> {
  const child = spawn(process.execPath, [BARE_HOLD, FIXTURE, String(tools)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((done, fail) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && done());
      child.once('exit', (code) => fail(new Error(`bare-hold exited with ${code}`)));
    });
    return await sampled(child.pid!);
  } finally {
    child.kill();
  }
}

export async function rssBench(): Promise<void> {
  console.log(
    `the serving process's RSS (mcp-console serve, a contract client connected; ${SETTLE_MS / 1000} s after the catalog arrived):`,
  );
  const idleRun = await serveRss(null);
  const [idle, idleSettled] = idleRun;
  console.log(
    idleRun.trimHeld
      ? "  serve held glibc's trim threshold (out/native/malloc-trim.node)"
      : "  serve did NOT hold glibc's trim threshold: out/native/malloc-trim.node was not built or did not load, and every figure below is higher for it",
  );
  console.log(`  idle, no server connected                 ${idle.toFixed(1)} MB   (the issue's goal: about 60 MB)`);
  const later: string[] = [
    `  idle, no server connected                 ${idleSettled.toFixed(1)} MB   (goal about 60)`,
  ];
  const line = (tools: number, ours: number, floor: number) =>
    `  ${count(tools).padStart(6)} tools listed                       ${ours.toFixed(1)} MB   the bare SDK holding them ${floor.toFixed(1)} MB   ratio ${(ours / floor).toFixed(2)}x`;
  const floors = new Map<number, Rss>();
  for (const tools of [1000, 10_000]) {
    const ours = await serveRss(tools);
    const floor = await bareRss(tools);
    floors.set(tools, floor);
    console.log(line(tools, ours[0], floor[0]));
    later.push(`${line(tools, ours[1], floor[1])}   (goal about ${tools === 1000 ? 66 : 78})`);
  }
  console.log(
    `the same processes once V8's memory reducer has run in each (at most ${SETTLED_MS / 1000} s after the catalog arrived):\n${later.join('\n')}`,
  );
  // The launch README gives for a long-running serve: what a process cannot change once started.
  const lean = [
    `  idle, no server connected                 ${(await serveRss(null, LEAN_LAUNCH))[1].toFixed(1)} MB   (goal about 60)`,
  ];
  for (const [tools, goal] of [
    [1000, 66],
    [10_000, 78],
  ] as const)
    lean.push(`${line(tools, (await serveRss(tools, LEAN_LAUNCH))[1], floors.get(tools)![1])}   (goal about ${goal})`);
  console.log(
    `serve started lean (MALLOC_ARENA_MAX=2 node --no-concurrent-recompilation), once settled:\n${lean.join('\n')}`,
  );
}
