/**
 * Scale figures for `npm run bench`: a 100,000-tool catalog (the core connecting and listing it,
 * its heap, and the page showing it: the largest message it received and its longest task), and a
 * 50 MB result through the command line (its peak RSS).
 */
import { TestCore } from '../../electron/core/testing.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scriptedConsent } from '../harness/harness.js';
import { pageScale, secondSession, socketListing } from './scale-page.js';
import { bareListing } from './bare-listing.js';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const BIN = resolve('bin/mcp-console.js');
const TOOLS = Number(process.env.BENCH_SCALE_TOOLS ?? 100_000);
const PAGE_SIZE = 1000;
const ENV = { FIXTURE_TOOLS: String(TOOLS), FIXTURE_PAGE_SIZE: String(PAGE_SIZE) };

async function coreScale(): Promise<{ listedMs: number; heapMb: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-'));
  const core = new TestCore({ dataDir, consent: scriptedConsent() });
  core.start();
  core.addServer(
    'fx',
    { type: 'stdio', command: process.execPath, args: [FIXTURE], env: ENV },
    { callTimeoutMs: 120_000 },
  );
  try {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const v = await core.connect('fx');
    const listedMs = performance.now() - t0;
    if (v.toolCount < TOOLS) throw new Error(`listed ${v.toolCount} of ${TOOLS}: ${v.error}`);
    global.gc?.();
    return { listedMs, heapMb: (process.memoryUsage().heapUsed - before) / 1_048_576 };
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Peak RSS of `mcp-console call … big_text --json` with a 50 MB result, stdout discarded. */
function cliBigResult(): { maxRssMb: number; code: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-cli-'));
  try {
    const cfg = join(dir, 'mcp.json');
    writeFileSync(
      cfg,
      JSON.stringify({
        mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_BIG_MB: '50' } } },
      }),
    );
    const probe = join(dir, 'rss.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => require('node:fs').writeSync(2, '\\nMAXRSS ' + process.resourceUsage().maxRSS + '\\n'));",
    );
    const r = spawnSync(
      process.execPath,
      [
        '--require',
        probe,
        BIN,
        'call',
        'fx',
        'big_text',
        '--args',
        '{}',
        '--config',
        cfg,
        '--data-dir',
        join(dir, 'data'),
        '--yes',
        '--json',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const kb = Number(/MAXRSS (\d+)/.exec(r.stderr ?? '')?.[1] ?? NaN);
    return { maxRssMb: kb / 1024, code: r.status };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function scaleBench(): Promise<void> {
  const f = (x: number) => `${x.toFixed(0)} ms`;
  const core = await coreScale();
  console.log(`scale: ${TOOLS.toLocaleString('en')} tools (1,000 a page) over stdio:`);
  console.log(`  core: connect → listed                ${f(core.listedMs)}`);
  console.log(
    `  core: catalog heap                    ${global.gc ? `${core.heapMb.toFixed(1)} MB` : 'run with --expose-gc to measure'}`,
  );
  const bare = bareListing(TOOLS, PAGE_SIZE);
  const relist = [...bare.relist].sort((a, b) => a - b)[1] ?? NaN;
  console.log(
    `  bare SDK: spawn → listed               ${f(bare.listed)} (initialize ${f(bare.initialized)}); listing again ${f(relist)} (median of 3)`,
  );
  console.log(
    `  core: connect → listed ratio          ${(core.listedMs / bare.listed).toFixed(2)}x the bare SDK (goal within 1.3x)`,
  );
  if (process.env.BENCH_SKIP_UI) console.log('  page figures skipped: BENCH_SKIP_UI is set');
  else {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-ui-'));
    const socketDir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-ws-'));
    let page: Awaited<ReturnType<typeof pageScale>>;
    let again: Awaited<ReturnType<typeof secondSession>>;
    let socket: number;
    try {
      socket = await socketListing(TOOLS, PAGE_SIZE, socketDir);
      page = await pageScale(TOOLS, PAGE_SIZE, dataDir);
      again = await secondSession(TOOLS, PAGE_SIZE, dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(socketDir, { recursive: true, force: true });
    }
    console.log(
      `  serve, a WebSocket client in the page's place: connect → the listing's end received ${f(socket)}  ${(socket / bare.listed).toFixed(2)}x the bare SDK (the page's figure below adds the browser's processes on the same cores)`,
    );
    console.log(
      `  page: first listing page answered → first tool shown  ${f(page.firstShown)} (goal < 500 ms); from the click ${f(page.firstFromClick)}`,
    );
    console.log(
      `  page: click → every tool shown        ${f(page.allShown)}  ${(page.allShown / bare.listed).toFixed(2)}x the bare SDK's spawn → listed (goal within 1.3x)`,
    );
    const c = page.cpu;
    const cores = availableParallelism();
    console.log(
      `  CPU, click → every tool shown: serve ${f(c.serve)}, the server ${f(c.server)}, the page's renderer ${f(c.renderer)}, the browser's other processes ${f(c.browser)}; ${f(c.total)} in all, ${f(c.total / cores)} at best on ${cores} cores`,
    );
    console.log(
      `  CPU, the bare SDK's spawn → listed: its client ${f(bare.cpu.client)}, the server ${f(bare.cpu.server)}; ${f(bare.cpu.client + bare.cpu.server)} in all`,
    );
    console.log(`  page: filter keystroke                median ${f(page.keyMedian)}, worst ${f(page.keyWorst)}`);
    console.log(
      `  page: list_changed → new tool shown   ${f(page.listChanged)}  ${(page.listChanged / relist).toFixed(2)}x the bare SDK listing again (goal within 1.3x); the server answered the re-list in ${f(page.serverRelist)}`,
    );
    console.log(`  page: largest message received        ${page.maxMsgMb.toFixed(2)} MB`);
    console.log(
      `  page: longest main-thread task        ${f(page.longest)} from the click through list_changed (goal: none over 50 ms)`,
    );
    for (const l of page.longFrames) console.log(`    ${l}`);
    console.log(`  page: longest task while it loaded    ${f(page.boot)} (the page's own start, before any catalog)`);
    console.log(
      `  serve: RSS ${page.rssMb.toFixed(0)} MB 8 s after list_changed, ${page.settledRssMb.toFixed(0)} MB at the lowest within 60 s; peak ${page.peakRssMb.toFixed(0)} MB (goal under 250 MB)`,
    );
    console.log(
      `  a second session (serve started again on the same data directory): click → every tool shown ${f(again.allShown)}, serve's peak RSS ${again.peakRssMb.toFixed(0)} MB`,
    );
  }
  const cli = cliBigResult();
  console.log(
    `a 50 MB text result through \`mcp-console call --json\`: peak RSS ${cli.maxRssMb.toFixed(0)} MB (exit ${cli.code})`,
  );
}
