/**
 * The page over a catalog of many tools (scale-bench.ts), beside the bare SDK listing the same
 * server: the first page on screen after the server answered the first listing page, the whole
 * catalog shown against the bare SDK's listing, a filter keystroke, a `list_changed` shown against
 * the bare SDK's re-listing, the longest main-thread task throughout, and the serving process's memory.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startServe } from '../tools/serve-process.js';
import { framesOver50, launchChromium, LONG_FRAMES, measure } from './ui-bench.js';
import { request, sampled } from './rss-bench.js';
import { meterCpu, type CpuSplit } from './process-cpu.js';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');

/** Every WebSocket message the page receives is measured (the page's own handler still runs). */
const PAGE_PROBE = `window.__long = []; window.__maxMsg = 0;
new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push({ start: e.startTime, dur: e.duration }))).observe({ type: 'longtask', buffered: true });
const Orig = window.WebSocket;
window.WebSocket = class extends Orig { constructor(...a) { super(...a); this.addEventListener('message', (e) => { window.__maxMsg = Math.max(window.__maxMsg, typeof e.data === 'string' ? e.data.length : e.data.byteLength); }); } };
${LONG_FRAMES}`;

export interface PageScale {
  /** Server answered the first listing page → the first tool on screen. */
  firstShown: number;
  /** Click on Connect → every tool counted on screen. */
  allShown: number;
  /** CPU of each process from the click until every tool was counted on screen. */
  cpu: CpuSplit;
  /** Click on Connect → the first tool on screen. */
  firstFromClick: number;
  keyMedian: number;
  keyWorst: number;
  /**
   * list_changed sent → the new tool on screen; and the server's own answer of the re-list (first page asked → last
   * answered).
   */
  listChanged: number;
  serverRelist: number;
  longest: number;
  /**
   * When a task passed 50 ms: the page's frames over 50 ms from the click on, with the scripts that ran in each
   * (ui-bench.ts).
   */
  longFrames: string[];
  boot: number;
  maxMsgMb: number;
  /** serve's RSS 8 s after list_changed, and the lowest within 60 s (rss-bench.ts's `sampled`). */
  rssMb: number;
  settledRssMb: number;
  peakRssMb: number;
}

const stamps = (file: string, what: string): number[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${what} `))
    .map((l) => Number(l.split(' ')[1]));

/** Waits in the page for `done` (checked every frame) after `act`; resolves with the wall-clock times. */
function inPage(
  page: Page,
  act: string,
  first: string,
  done: string,
): Promise<{ t0: number; first: number; done: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const t0 = Date.now();
    (() => { ${act} })();
    let first = 0;
    const tick = () => {
      if (!first && (${first})) first = Date.now();
      if (${done}) resolve({ t0, first: first || Date.now(), done: Date.now() });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/** The fixture server's process under the serving process. */
function fixturePid(servePid: number): number {
  const kids = execFileSync('pgrep', ['-P', String(servePid)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  const pid = kids.find((k) => readFileSync(`/proc/${k}/cmdline`, 'utf8').includes('fixtures/server.js'));
  if (!pid) throw new Error('the fixture server is not running under serve');
  return pid;
}

const memMb = (pid: number, field: 'VmRSS' | 'VmHWM'): number =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** The console, started on `dataDir`, with the fixture of `tools` tools configured, and a page on it. */
async function consoleWithPage(tools: number, pageSize: number, dataDir: string) {
  const stampFile = join(dataDir, 'stamps.txt');
  const env = { FIXTURE_TOOLS: String(tools), FIXTURE_PAGE_SIZE: String(pageSize), FIXTURE_STAMP: stampFile };
  const s = await startServe({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env } } }, dataDir);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(PAGE_PROBE);
  await page.goto(s.url);
  // Waited for in the page's own script: Playwright's selector engine, injected into the page on
  // its first locator, compiles on the page's main thread (a task of up to 140 ms on a cold start)
  // and would be counted as the page's own.
  await page.evaluate(
    `new Promise((r) => { const t = () => (document.body.dataset.appState === 'ready' ? r() : requestAnimationFrame(t)); t(); })`,
  );
  await page.waitForTimeout(300);
  return { s, browser, page, stampFile };
}

/**
 * `serve` with a WebSocket client in the page's place (every event parsed, nothing drawn): the
 * request to connect → the listing's end received. What `serve` adds to the bare SDK, apart from
 * what the browser's own processes take of the cores.
 */
export async function socketListing(tools: number, pageSize: number, dataDir: string): Promise<number> {
  const env = { FIXTURE_TOOLS: String(tools), FIXTURE_PAGE_SIZE: String(pageSize) };
  const s = await startServe({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env } } }, dataDir);
  try {
    let ended!: () => void;
    const end = new Promise<void>((r) => (ended = r));
    const t0 = performance.now();
    const view = request(s.url, 'servers.connect', { serverId: 'fx' }, (name, p) => {
      if (name === 'catalog.changed' && (p as { change: { serverId: string } }).change.serverId === 'fx') ended();
    });
    await Promise.all([view, end]);
    return performance.now() - t0;
  } finally {
    await s.stop();
  }
}

/** The page's check that it counts `n` tools. */
const count = (n: number) =>
  `((c) => c?.getAttribute('data-count') === '${n}' && c.getAttribute('data-shown') === '${n}')(document.querySelector('[data-testid=tool-count]'))`;

/** Click on Connect → every tool counted on screen, in the page's own clock. */
const connectAll = (page: Page, tools: number) =>
  inPage(
    page,
    `document.querySelector('[data-server=fx] [data-testid=connect]').click()`,
    `!!document.querySelector('[data-testid=tool-item]')`,
    count(tools),
  );

/**
 * A second session on the data directory of a first: the console reads what it kept of the server
 * (the list last seen, the gateway's pins) as it connects. Click → every tool shown, serve's
 * peak RSS.
 */
export async function secondSession(
  tools: number,
  pageSize: number,
  dataDir: string,
): Promise<{ allShown: number; peakRssMb: number }> {
  const { s, browser, page } = await consoleWithPage(tools, pageSize, dataDir);
  try {
    const shown = await connectAll(page, tools + 1);
    // What it reads after the listing (the pins, the unsettled tools) runs on after the tools are shown.
    await page.waitForTimeout(3000);
    return { allShown: shown.done - shown.t0, peakRssMb: memMb(s.child.pid!, 'VmHWM') };
  } finally {
    await browser.close();
    await s.stop();
  }
}

/** The first session; `dataDir` is kept for a second one (the caller removes it). */
export async function pageScale(tools: number, pageSize: number, dataDir: string): Promise<PageScale> {
  const { s, browser, page, stampFile } = await consoleWithPage(tools, pageSize, dataDir);
  try {
    const pageT0 = (await page.evaluate('performance.now()')) as number;
    const cpu = meterCpu(s.child.pid!);
    const shown = await connectAll(page, tools + 1);
    const fixture = fixturePid(s.child.pid!);
    const cpuSplit = cpu.stop(fixture);
    const firstAnswered = stamps(stampFile, 'first')[0] ?? NaN;
    const phase = (what: string) =>
      process.env.BENCH_DEBUG &&
      console.log(
        `serve ${what}: RSS ${memMb(s.child.pid!, 'VmRSS').toFixed(0)} MB, peak ${memMb(s.child.pid!, 'VmHWM').toFixed(0)} MB`,
      );
    phase('after every tool shown');
    if (process.env.BENCH_DEBUG)
      console.log(
        `server wrote its last page → every tool shown: ${(shown.done - (stamps(stampFile, 'last')[0] ?? NaN)).toFixed(0)} ms; click → first page written ${(firstAnswered - shown.t0).toFixed(0)} ms`,
      );
    const keys: number[] = [];
    let q = '';
    for (const ch of 'bulk_0999') {
      q += ch;
      const set = `const i = document.querySelector('[data-testid=tool-search]'); Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(i, ${JSON.stringify(q)}); i.dispatchEvent(new Event('input', { bubbles: true }))`;
      keys.push(
        (await measure(page, set, `document.querySelector('section.catalog')?.dataset.filter === ${JSON.stringify(q)}`))
          .ms,
      );
    }
    await page.evaluate(
      `(() => { const i = document.querySelector('[data-testid=tool-search]'); Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(i, ''); i.dispatchEvent(new Event('input', { bubbles: true })); })()`,
    );
    await page.waitForTimeout(500);
    phase('after the keystrokes');
    // list_changed: the fixture adds a tool on SIGUSR2 and says so; the console lists every page again.
    const waitNew = inPage(page, '', 'true', count(tools + 2));
    process.kill(fixture, 'SIGUSR2');
    const relisted = await waitNew;
    phase('after list_changed');
    const sent = stamps(stampFile, 'changed')[0] ?? NaN;
    const firsts = stamps(stampFile, 'first').filter((t) => t >= sent);
    const lasts = stamps(stampFile, 'last').filter((t) => t >= sent);
    await page.waitForTimeout(200);
    const r = (await page.evaluate('({ maxMsg: window.__maxMsg, all: window.__long })')) as {
      maxMsg: number;
      all: { start: number; dur: number }[];
    };
    if (process.env.BENCH_DEBUG)
      console.log('long tasks', JSON.stringify(r.all.map((l) => [Math.round(l.start - pageT0), Math.round(l.dur)])));
    const longest = Math.max(0, ...r.all.filter((l) => l.start >= pageT0).map((l) => l.dur));
    const pid = s.child.pid!;
    const [early, settled] = await sampled(pid);
    return {
      firstShown: shown.first - firstAnswered,
      firstFromClick: shown.first - shown.t0,
      allShown: shown.done - shown.t0,
      cpu: cpuSplit,
      keyMedian: [...keys].sort((a, b) => a - b)[Math.floor(keys.length / 2)] ?? NaN,
      keyWorst: Math.max(...keys),
      listChanged: relisted.done - sent,
      serverRelist: (lasts[0] ?? NaN) - (firsts[0] ?? NaN),
      longest,
      longFrames: longest > 50 ? await framesOver50(page, pageT0) : [],
      boot: Math.max(0, ...r.all.filter((l) => l.start < pageT0).map((l) => l.dur)),
      maxMsgMb: r.maxMsg / 1_048_576,
      rssMb: early,
      settledRssMb: settled,
      peakRssMb: memMb(pid, 'VmHWM'),
    };
  } finally {
    await browser.close();
    await s.stop();
  }
}
