/**
 * UI figures for `npm run bench`, in Debian's Chromium against browser mode: connect → catalog
 * showing 10,000 tools, filter keystroke → updated list, and showing a 10 MB text result; each
 * with the longest main-thread task (PerformanceObserver 'longtask') seen during it.
 */
import { TestCore } from '../../electron/core/testing.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServe } from '../tools/serve-process.js';
import { scriptedConsent } from '../harness/harness.js';
import { bareListing } from './bare-listing.js';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');

/**
 * Runs `act` in the page and resolves when `done` holds (checked every frame): the time taken, the
 * longest task meanwhile, and when `first` first held (if given). In-page code is passed as text:
 * this file is compiled as Node code, without DOM types.
 */
export async function measure(
  page: Page,
  act: string,
  done: string,
  first = 'false',
): Promise<{ ms: number; t0: number; longest: number; first: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    let first = 0;
    (() => { ${act} })();
    const tick = () => {
      if (!first && (${first})) first = performance.now() - t0;
      if (${done}) {
        const ms = performance.now() - t0;
        setTimeout(() => resolve({ ms, t0, first: first || ms, longest: Math.max(0, ...window.__long.filter((l) => l.start + l.dur >= t0).map((l) => l.dur)) }), 50);
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/**
 * Collects the page's long animation frames in `window.__frames`, each with the scripts that ran in
 * it: a long task says how long, the frame says whose (a Monaco chunk, a handler of ours, a
 * collection). Printed under a figure that passes 50 ms, so that a run on a loaded host names it.
 */
export const LONG_FRAMES = `window.__frames = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__frames.push({ start: e.startTime, dur: e.duration,
  scripts: e.scripts.map((s) => ({ what: ((s.sourceURL || '').split('/').pop() || 'a script of no file') + (s.sourceFunctionName ? ' ' + s.sourceFunctionName : '') + ' (' + s.invokerType + ')', dur: s.duration })) }))).observe({ type: 'long-animation-frame', buffered: true });`;

/**
 * Collects the page's long tasks (PerformanceObserver 'longtask') in `window.__long`, from its start, and its long
 * frames (LONG_FRAMES).
 */
export const LONG_TASKS = `window.__long = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push({ start: e.startTime, dur: e.duration }))).observe({ type: 'longtask', buffered: true });
${LONG_FRAMES}`;

/**
 * The page's long frames from `since` (its clock) that passed 50 ms, with the scripts that ran in each: one line each.
 */
export async function framesOver50(page: Page, since: number): Promise<string[]> {
  const frames = (await page.evaluate(`window.__frames ?? []`)) as {
    start: number;
    dur: number;
    scripts: { what: string; dur: number }[];
  }[];
  return frames
    .filter((f) => f.start >= since && f.dur > 50)
    .map((f) => {
      const scripts = [...f.scripts].sort((a, b) => b.dur - a.dur).slice(0, 3);
      const named = scripts.map((x) => `${x.what} ${x.dur.toFixed(0)} ms`).join(', ');
      return `a frame of ${f.dur.toFixed(0)} ms: ${named || 'no script (the browser: style, layout, garbage collection)'}`;
    });
}

/**
 * The core alone: spawn the same 10,000-tool server, initialize, list; the part of the UI figure the page does not
 * control.
 */
async function coreConnect(): Promise<{ connected: number; listed: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-corebench-'));
  const core = new TestCore({ dataDir, consent: scriptedConsent() });
  core.start();
  core.addServer('fx', {
    type: 'stdio',
    command: process.execPath,
    args: [FIXTURE],
    env: { FIXTURE_TOOLS: '10000', FIXTURE_PAGE_SIZE: '100' },
  });
  let connected = 0;
  const t0 = performance.now();
  const off = core.onEvent((n, p) => {
    if (n === 'server.status' && (p as { status: string }).status === 'connected' && !connected)
      connected = performance.now() - t0;
  });
  await core.connect('fx');
  const listed = performance.now() - t0;
  off();
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { connected, listed };
}

/** Debian's Chromium, as the end-to-end tests launch it (never a downloaded browser). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * `measure`, then 1.5 s more for what the action set going (a view loading what it shows): the longest task of both.
 */
async function settled(page: Page, act: string, done: string): Promise<{ ms: number; t0: number; longest: number }> {
  const m = await measure(page, act, done);
  await page.waitForTimeout(1500);
  const later = (await page.evaluate(
    `Math.max(0, ...window.__long.filter((l) => l.start >= performance.now() - 1600).map((l) => l.dur))`,
  )) as number;
  return { ms: m.ms, t0: m.t0, longest: Math.max(m.longest, later) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function uiBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-uibench-'));
  const s = await startServe(
    {
      mcpServers: {
        fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '10000', FIXTURE_PAGE_SIZE: '100' } },
      },
    },
    dataDir,
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(LONG_TASKS);
    await page.goto(s.url);
    await page.waitForSelector('body[data-app-state=ready]');
    if (process.env.BENCH_DEBUG) console.log('ui: page ready');
    const catalog = await measure(
      page,
      `document.querySelector('[data-server=fx] [data-testid=connect]').click()`,
      `((c) => c?.getAttribute('data-count') === '10001' && c.getAttribute('data-shown') === '10001')(document.querySelector('[data-testid=tool-count]'))`,
      `!!document.querySelector('[data-testid=tool-item]')`,
    );
    if (process.env.BENCH_DEBUG) console.log('ui: catalog', catalog);
    const keys: { ms: number; longest: number }[] = [];
    let q = '';
    for (const ch of 'bulk_0999') {
      q += ch;
      keys.push(
        await measure(
          page,
          `const i = document.querySelector('[data-testid=tool-search]'); Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(i, ${JSON.stringify(q)}); i.dispatchEvent(new Event('input', { bubbles: true }))`,
          `document.querySelector('section.catalog')?.dataset.filter === ${JSON.stringify(q)}`,
        ),
      );
    }
    if (process.env.BENCH_DEBUG) console.log('ui: keys', keys);
    await page.locator('[data-testid=tool-search]').fill('big_text');
    await page.locator('[data-testid=tool-item][data-tool=big_text]').click();
    await page.getByTestId('call-button').click();
    await page.locator('[data-testid=approval-dialog][data-armed=true]').waitFor();
    const big = await measure(
      page,
      `document.querySelector('[data-testid=approve-once]').click()`,
      `!!document.querySelector('[data-testid=text-pager]')`,
    );
    const responsive = await measure(
      page,
      `document.querySelector('[data-testid=tab-history]').click()`,
      `!!document.querySelector('[data-testid=history-row]')`,
    );
    // Every tab in turn, each given 1.5 s to load what it shows (the trace and logs poll twice a second).
    const tabs: Array<[string, number]> = [];
    for (const tab of [
      'resources',
      'prompts',
      'logs',
      'trace',
      'auth',
      'review',
      'history',
      'collections',
      'audit',
      'agents',
      'settings',
      'tools',
    ]) {
      const t = await settled(
        page,
        `document.querySelector('[data-testid=tab-${tab}]').click()`,
        `!!document.querySelector('[data-testid=tab-${tab}][aria-selected=true]')`,
      );
      tabs.push([tab, t.longest]);
    }
    // The JSON editor shown for the first time: Monaco's script fetched and run, and the editor made.
    await page.locator('[data-testid=tool-search]').fill('echo');
    await page.locator('[data-testid=tool-item][data-tool=echo]').click();
    await page.waitForTimeout(1500);
    const json = await settled(
      page,
      `document.querySelector('[data-testid=mode-json]').click()`,
      `!!document.querySelector('[data-testid=json-editor] .monaco-editor .view-lines')`,
    );
    const catalogFrames = catalog.longest > 50 ? await framesOver50(page, catalog.t0) : [];
    const jsonFrames = json.longest > 50 ? await framesOver50(page, json.t0) : [];
    const f = (x: number) => `${x.toFixed(0)} ms`;
    const core = await coreConnect();
    const bare = bareListing(10_000, 100);
    console.log('UI in Chromium (browser mode), 10,000 tools:');
    console.log(
      `  connect → catalog showing 10,000 tools   ${f(catalog.ms)}  longest task ${f(catalog.longest)}   (goal < 450 ms, issue 32; no task over 50 ms)`,
    );
    for (const l of catalogFrames) console.log(`    ${l}`);
    console.log(`    the first tools on screen after         ${f(catalog.first)}`);
    console.log(
      `    of which the core alone: spawn + initialize ${f(core.connected)}, then listing → ${f(core.listed)} in all`,
    );
    console.log(
      `    the bare SDK: spawn + initialize ${f(bare.initialized)}, then listing → ${f(bare.listed)} in all (the server's own part)`,
    );
    console.log(
      `  filter keystroke → updated list          median ${f(median(keys.map((k) => k.ms)))}, worst ${f(Math.max(...keys.map((k) => k.ms)))}  longest task ${f(Math.max(...keys.map((k) => k.longest)))}   (goal < 50 ms)`,
    );
    console.log(`  approve → 10 MB text result shown        ${f(big.ms)}  longest task ${f(big.longest)}`);
    console.log(
      `  then a tab switch                        ${f(responsive.ms)}  longest task ${f(responsive.longest)}   (goal: no task over 200 ms)`,
    );
    console.log(
      `  every tab in turn, longest task: ${tabs.map(([t, l]) => `${t} ${f(l)}`).join(', ')}   (goal: none over 50 ms)`,
    );
    console.log(
      `  the JSON editor shown the first time     ${f(json.ms)}  longest task ${f(json.longest)}   (goal: none over 50 ms; Monaco's script run and its editor made)`,
    );
    for (const l of jsonFrames) console.log(`    ${l}`);
  } finally {
    await browser.close();
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
