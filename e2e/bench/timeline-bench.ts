/**
 * The Trace tab's timeline over a recording of 100,000 events (issue "the developer's loop, round two"), in Debian's
 * Chromium against browser mode: the file chosen → its rows on screen; Timeline clicked → the lanes first drawn; then
 * 40 wheel turns (zoom and move) → each drawn; with the longest main-thread task of each and the frames over 50 ms.
 * Run alone: `node out/node/e2e/bench/timeline-bench.js`; `npm run bench` runs it too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServe } from '../tools/serve-process.js';
import { bigRecording } from '../tools/big-recording.js';
import { framesOver50, launchChromium, LONG_TASKS, measure } from './ui-bench.js';

const EVENTS = 100_000;

export async function timelineBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-timeline-'));
  const file = join(dir, 'big.jsonl');
  writeFileSync(file, bigRecording(EVENTS, 3));
  const serve = await startServe({ mcpServers: {} }, dir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(LONG_TASKS);
    await page.goto(serve.url);
    await page.waitForSelector('body[data-app-state=ready]');
    await page.getByTestId('tab-trace').click();
    const since = (await page.evaluate('performance.now()')) as number;
    const t0 = Date.now();
    await page.getByTestId('trace-import-file').setInputFiles(file);
    await page.getByTestId('trace-imported').waitFor();
    const opened = Date.now() - t0;
    const longOpen = (await page.evaluate(
      `Math.max(0, ...window.__long.filter((l) => l.start >= ${since}).map((l) => l.dur))`,
    )) as number;
    const paint = await measure(
      page,
      `document.querySelector('[data-testid=trace-mode-timeline]').click()`,
      `document.querySelector('[data-testid=trace-timeline-canvas]')?.dataset.drawn`,
    );
    const wheel = await measure(
      page,
      `const c = document.querySelector('[data-testid=trace-timeline-canvas]'); const r = c.getBoundingClientRect();
       window.__turns = 0;
       const turn = () => { if (window.__turns >= 40) return;
         const i = window.__turns++;
         c.dispatchEvent(new WheelEvent('wheel', { deltaY: i < 20 ? -120 : 0, deltaX: i < 20 ? 0 : 200, clientX: r.left + 140 + (r.width - 140) * 0.3, clientY: r.top + 40, bubbles: true, cancelable: true }));
         requestAnimationFrame(turn); };
       turn();`,
      `window.__turns >= 40 && Number(document.querySelector('[data-testid=trace-timeline-canvas]').dataset.drawn) > 1`,
    );
    const frames = await framesOver50(page, since);
    console.log(`timeline of a recording of ${EVENTS.toLocaleString('en-US')} events (3 servers), Chromium, 1440×900:`);
    console.log(`  file chosen → rows on screen        ${opened} ms   longest task ${longOpen.toFixed(0)} ms`);
    console.log(
      `  Timeline → lanes first drawn        ${paint.ms.toFixed(0)} ms   longest task ${paint.longest.toFixed(0)} ms`,
    );
    console.log(
      `  40 wheel turns (zoom, move), drawn  ${wheel.ms.toFixed(0)} ms   longest task ${wheel.longest.toFixed(0)} ms`,
    );
    console.log(`  goal: no main-thread task over 50 ms`);
    for (const f of frames) console.log(`    ${f}`);
  } finally {
    await browser.close();
    await serve.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await timelineBench();
