/**
 * Scale figures for `npm run bench`: a 100,000-tool catalog (the core connecting and listing it,
 * its heap, and the page showing it: the largest message it received and its longest task), and a
 * 50 MB result through the command line (its peak RSS).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConsoleCore } from '../../electron/core/index.js';
import { startServe } from '../tools/serve-process.js';
import { scriptedConsent } from '../harness/harness.js';
import { launchChromium } from './ui-bench.js';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const BIN = resolve('bin/mcp-console.js');
const TOOLS = Number(process.env.BENCH_SCALE_TOOLS ?? 100_000);
const ENV = { FIXTURE_TOOLS: String(TOOLS), FIXTURE_PAGE_SIZE: '1000' };

/** Every WebSocket message the page receives is measured (the page's own handler still runs). */
const PAGE_PROBE = `window.__long = []; window.__maxMsg = 0;
new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
const Orig = window.WebSocket;
window.WebSocket = class extends Orig { constructor(...a) { super(...a); this.addEventListener('message', (e) => { window.__maxMsg = Math.max(window.__maxMsg, typeof e.data === 'string' ? e.data.length : e.data.byteLength); }); } };`;

async function coreScale(): Promise<{ listedMs: number; heapMb: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-'));
  const core = new ConsoleCore({ dataDir, consent: scriptedConsent() });
  core.start();
  core.addServer('fx', { type: 'stdio', command: process.execPath, args: [FIXTURE], env: ENV }, { callTimeoutMs: 120_000 });
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

async function pageScale(): Promise<{ ms: number; longest: number; boot: number; maxMsgMb: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-ui-'));
  const s = await startServe({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: ENV } } }, dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(PAGE_PROBE);
    await page.goto(s.url);
    await page.waitForSelector('body[data-app-state=ready]');
    await page.waitForTimeout(300);
    const pageT0 = (await page.evaluate('performance.now()')) as number;
    const t0 = Date.now();
    await page.locator('[data-server=fx] [data-testid=connect]').click();
    // A function, not a string: the page's CSP forbids eval.
    const counted = (n: string) =>
      (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector(
        '[data-testid=tool-count]',
      )?.textContent === n;
    await page.waitForFunction(counted, String(TOOLS + 1), { timeout: 300_000, polling: 100 });
    const ms = Date.now() - t0;
    await page.waitForTimeout(200);
    const r = (await page.evaluate('({ maxMsg: window.__maxMsg, all: window.__long })')) as { maxMsg: number; all: [number, number][] };
    if (process.env.BENCH_DEBUG) console.log('long tasks [start, ms]', JSON.stringify(r.all.map(([a, b]) => [Math.round(a), Math.round(b)])));
    const during = r.all.filter(([start]) => start >= pageT0).map(([, d]) => d);
    const boot = r.all.filter(([start]) => start < pageT0).map(([, d]) => d);
    return { ms, longest: Math.max(0, ...during), boot: Math.max(0, ...boot), maxMsgMb: r.maxMsg / 1_048_576 };
  } finally {
    await browser.close();
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Peak RSS of `mcp-console call … big_text --json` with a 50 MB result, stdout discarded. */
function cliBigResult(): { maxRssMb: number; code: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-scale-cli-'));
  try {
    const cfg = join(dir, 'mcp.json');
    writeFileSync(cfg, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_BIG_MB: '50' } } } }));
    const probe = join(dir, 'rss.cjs');
    writeFileSync(probe, "process.on('exit', () => require('node:fs').writeSync(2, '\\nMAXRSS ' + process.resourceUsage().maxRSS + '\\n'));");
    const r = spawnSync(
      process.execPath,
      ['--require', probe, BIN, 'call', 'fx', 'big_text', '--args', '{}', '--config', cfg, '--data-dir', join(dir, 'data'), '--yes', '--json'],
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
  console.log(`  core: catalog heap                    ${global.gc ? `${core.heapMb.toFixed(1)} MB` : 'run with --expose-gc to measure'}`);
  if (process.env.BENCH_SKIP_UI) console.log('  page figures skipped: BENCH_SKIP_UI is set');
  else {
    const page = await pageScale();
    console.log(`  page: connect → catalog showing all   ${f(page.ms)}`);
    console.log(`  page: largest message received        ${page.maxMsgMb.toFixed(2)} MB`);
    console.log(`  page: longest main-thread task        ${f(page.longest)} from the click to the catalog shown (goal: none over 50 ms)`);
    console.log(`  page: longest task while it loaded    ${f(page.boot)} (the page's own start, before any catalog)`);
  }
  const cli = cliBigResult();
  console.log(`a 50 MB text result through \`mcp-console call --json\`: peak RSS ${cli.maxRssMb.toFixed(0)} MB (exit ${cli.code})`);
}
