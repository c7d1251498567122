import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { TABS, fillScene, openTab, startScene, type Scene } from '../pages/layout-scene.js';
import { layoutProblems } from '../pages/layout-check.js';

/**
 * Every tab uses the window: at three sizes, light and dark, with three servers, 10,000 tools, a
 * 128-character tool name and a 2 MB resource, no control is outside the window or cut off, no pane
 * overflows sideways or leaves the window empty, nothing covers a control. The 1024×768 and
 * 1440×900 screenshots are kept in test-results/layout/ to be looked at.
 */
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];
const SHOTS = join('test-results', 'layout');

let scene: Scene;
let dir: string;
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-console-layout-'));
  scene = await startScene(dir);
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await scene?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('every tab uses the window at 1024, 1440 and 1920 wide, light and dark', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize(SIZES[1]!);
  await page.goto(scene.serve.url);
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
  await fillScene(page);
  const problems: string[] = [];
  for (const tab of TABS) {
    await openTab(page, tab);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        // Two frames: the layout settles after the resize (virtual lists measure themselves).
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        for (const p of await layoutProblems(page))
          problems.push(`${tab} ${size.width}×${size.height} ${scheme}: ${p}`);
        if (size.width < 1920)
          await page.screenshot({ path: join(SHOTS, `${scheme}-${tab}-${size.width}x${size.height}.png`) });
      }
    }
    await page.setViewportSize(SIZES[1]!);
  }
  expect(problems).toEqual([]);
});

test("the filter shows its whole hint where the header's line has room, and gives it on hover everywhere", async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]!);
  await page.goto(scene.serve.url);
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
  const filter = page.getByTestId('tool-search');
  const hint = await filter.getAttribute('placeholder');
  expect(hint).toMatch(/server:id.*Ctrl\+K/);
  expect(await filter.getAttribute('title')).toBe(hint);
  // The placeholder's width in the field's own font, beside the room the field gives it.
  const fits = () =>
    filter.evaluate((el: HTMLInputElement) => {
      const css = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = css.font;
      const room = el.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
      return { text: Math.ceil(ctx.measureText(el.placeholder).width), room };
    });
  for (const size of [SIZES[0]!, SIZES[2]!]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { text, room } = await fits();
    expect(text, `at ${size.width} wide the hint needs ${text} px and the field gives ${room}`).toBeLessThanOrEqual(
      room,
    );
  }
});
