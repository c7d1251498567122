/**
 * MCP Apps figures for `npm run bench`, against the real basic App server from npm (a 218 KB view):
 * reading its view with the bare SDK client against opening it through the core (read, checked,
 * policy built, pinned, served on the views' origin); and in Chromium, from a call's result shown
 * to its view initialized (its script ran and said so over the bridge), the first time and again,
 * with the console page's longest main-thread task meanwhile.
 */
import { TestCore } from '../../electron/core/testing.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { scriptedConsent } from '../harness/harness.js';
import { startServe } from '../tools/serve-process.js';
import { launchChromium, LONG_TASKS } from './ui-bench.js';

const BASIC = resolve('node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const URI = 'ui://get-time/mcp-app.html';
const RUNS = 30;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const f = (x: number) => `${x.toFixed(1)} ms`;

async function bareReads(): Promise<number[]> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BASIC, '--stdio'] }));
  const out: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    await client.readResource({ uri: URI });
    if (i >= 3) out.push(performance.now() - t0);
  }
  await client.close();
  return out;
}

async function coreOpens(): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-appsbench-'));
  const core = new TestCore({ dataDir, consent: scriptedConsent(), auditFsync: false });
  core.start();
  await core.serveViews(['http://127.0.0.1:1']);
  core.addServer('basic', { type: 'stdio', command: process.execPath, args: [BASIC, '--stdio'], env: {} });
  await core.connect('basic');
  const out: number[] = [];
  try {
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const v = await core.ask('apps.open', { serverId: 'basic', tool: 'get-time' });
      // The frame's own fetch of the document is part of opening it.
      await (await fetch(`${v.origin}/view/${v.viewId}`)).text();
      if (i >= 3) out.push(performance.now() - t0);
      await core.ask('apps.close', { viewId: v.viewId });
    }
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

interface ViewTimes {
  /** From `act` to the result shown (0 when there is no new result). */
  result: number;
  /** From the result shown (or `act`) to the view initialized. */
  view: number;
  longest: number;
}

/**
 * In the page: runs `act`, notes when a finished result shows, resolves when one more "initialized"
 * line is in a view's bridge log; the longest task of the console page from `act` on.
 */
const untilInitialized = (act: string, waitResult: boolean) => `new Promise((resolve) => {
  const seen = () => [...document.querySelectorAll('[data-testid=app-view-bridge] li')].filter((l) => l.textContent.includes('ui/notifications/initialized')).length;
  const before = seen();
  const t0 = performance.now();
  let shown = ${waitResult} ? 0 : t0;
  (() => { ${act} })();
  const tick = () => {
    if (!shown && document.querySelector('[data-testid=call-result][data-status=ok]')) shown = performance.now();
    if (shown && seen() > before) {
      const end = performance.now();
      setTimeout(() => resolve({ result: shown - t0, view: end - shown, longest: Math.max(0, ...window.__long.filter((l) => l.start + l.dur >= t0).map((l) => l.dur)) }), 50);
    } else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

async function pageFigures(): Promise<{ first: ViewTimes; again: ViewTimes }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-appsbench-ui-'));
  const s = await startServe(
    { mcpServers: { basic: { command: process.execPath, args: [BASIC, '--stdio'] } } },
    dataDir,
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(LONG_TASKS);
    await page.goto(s.url);
    await page.waitForSelector('body[data-app-state=ready]');
    await page.locator('[data-server=basic] [data-testid=connect]').click();
    await page.locator('[data-testid=tool-item][data-tool=get-time]').click();
    await page.getByTestId('call-button').click();
    await page.locator('[data-testid=approval-dialog][data-armed=true]').waitFor();
    const first = (await page.evaluate(
      untilInitialized(`document.querySelector('[data-testid=approve-once]').click()`, true),
    )) as ViewTimes;
    const again = (await page.evaluate(
      untilInitialized(`document.querySelector('[data-testid=app-view-reload]').click()`, false),
    )) as ViewTimes;
    return { first, again };
  } finally {
    await browser.close();
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function appsBench(): Promise<void> {
  const bare = median(await bareReads());
  const ours = median(await coreOpens());
  console.log(`MCP Apps, the basic App server from npm (a 218 KB view), median of ${RUNS}:`);
  console.log(`  bare SDK client: resources/read of the view       ${f(bare)}`);
  console.log(
    `  through the core: apps.open + the frame's fetch   ${f(ours)}  added ${f(ours - bare)}, ratio ${(ours / bare).toFixed(2)}x`,
  );
  const ui = await pageFigures();
  console.log('  in Chromium, to the view initialized (its script ran and said so over the bridge):');
  console.log(
    `    approve → result shown ${f(ui.first.result)}, then → first view of the session (cold) ${f(ui.first.view)}  longest task of the console page ${f(ui.first.longest)}   (goal: none over 50 ms)`,
  );
  console.log(
    `    reload → view again (warm browser, read again) ${f(ui.again.view)}  longest task of the console page ${f(ui.again.longest)}`,
  );
}
