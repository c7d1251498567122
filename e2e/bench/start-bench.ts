/**
 * A person's start, for `npm run bench` (issue "a person's day, round two"): `npm start` to its ready line as a person
 * meets it (npm, the build check, the launch, browser mode here), warm (nothing changed since the last build) and cold
 * (the build's stamp removed, so it builds everything, as after a pull); and an open tab finding the console again
 * after a restart on the same data directory. Goal: a warm start under 10 s here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { startServe } from '../tools/serve-process.js';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `npm start` in its own process group, until it prints its ready line; then the group is stopped. */
function startToReady(dataDir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--', '--data-dir', join(dataDir, 'data'), '--port', '0'], {
    cwd: resolve('.'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(
      () => stop(new Error(`npm start printed no ready line in 300 s: ${out.slice(-800)}`)),
      300_000,
    );
    const stop = (e?: Error) => {
      clearTimeout(timer);
      const ms = performance.now() - t0;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone already */
      }
      child.once('close', () => (e ? fail(e) : done(ms)));
    };
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/MCP Console ready at /.test(out)) stop();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      if (!/MCP Console ready at /.test(out)) stop(new Error(`npm start exited with ${code}: ${out.slice(-800)}`));
    });
  });
}

/** A tab open on the console, the console stopped and started again on its kept port: until the tab is ready again. */
async function reconnect(): Promise<{ restartMs: number; backMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-start-bench-'));
  const config = { mcpServers: {} };
  let serve = await startServe(config, dir, [], { keepPort: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(serve.url);
    await page.waitForSelector('body[data-app-state="ready"]');
    await serve.stop();
    await page.waitForSelector('[data-testid="console-lost"]');
    const t0 = performance.now();
    serve = await startServe(config, dir, [], { keepPort: true });
    const restartMs = performance.now() - t0;
    await page.waitForSelector('[data-testid="console-lost"]', { state: 'detached', timeout: 60_000 });
    await page.waitForSelector('body[data-app-state="ready"]');
    return { restartMs, backMs: performance.now() - t0 };
  } finally {
    await browser.close();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-start-bench-'));
  const warm: number[] = [];
  let cold: number | undefined;
  try {
    await startToReady(dir); // the file system's cache, as a person's second start has it
    for (let i = 0; i < RUNS; i++) warm.push(await startToReady(dir));
    if (process.env.BENCH_SKIP_COLD_START) console.log('cold start skipped: BENCH_SKIP_COLD_START is set');
    else {
      rmSync(resolve('out', '.build-stamp'), { force: true });
      cold = await startToReady(dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const back = await reconnect();
  console.log(`npm start to its ready line, browser mode here (median of ${RUNS}; goal: warm under 10 s):`);
  console.log(`  warm (nothing changed since the last build)   ${(median(warm) / 1000).toFixed(2)} s`);
  if (cold !== undefined)
    console.log(`  cold (the build's stamp removed: builds all)    ${(cold / 1000).toFixed(2)} s`);
  console.log(
    `an open tab after a restart on the same data directory: serve ready in ${(back.restartMs / 1000).toFixed(2)} s, the tab ready again ${(back.backMs / 1000).toFixed(2)} s after the start began`,
  );
}
