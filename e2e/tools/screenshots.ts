/**
 * `npm run screenshots`: every tab of a busy console (the layout test's scene: three servers, one
 * over HTTP, 10,000 tools, a 2 MB resource, a call, an agent, a review) at 1440×900 in light, the
 * main screens in dark too, the approval dialog with its queue, and routed results; into
 * assets/screenshots/ (the README shows the ones that matter).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { TABS, fillScene, openTab, startScene } from '../pages/layout-scene.js';

const OUT = resolve('assets/screenshots');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-shots-'));
const scene = await startScene(dir);
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function callTool(page: Page, tool: string): Promise<void> {
  await page.getByTestId('tool-search').fill(tool);
  await page.locator(`[data-testid=tool-item][data-server=fx][data-tool="${tool}"]`).click();
  await page.getByTestId('call-button').click();
  await page.getByTestId('approval-dialog').waitFor();
}

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await page.goto(scene.serve.url);
  await page.locator('body[data-app-state=ready]').waitFor();
  await fillScene(page);
  for (const tab of TABS) {
    await openTab(page, tab);
    await page.screenshot({ path: join(OUT, `light-tab-${tab}.png`) });
  }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openTab(page, 'tools');
    await page.screenshot({ path: join(OUT, `${scheme}-catalog.png`) });
    // Two calls waiting: the dialog shows the first beside the queue.
    await callTool(page, 'form_kitchen_sink');
    await page.getByTestId('approval-later').click();
    await callTool(page, 'content_annotated');
    await expect(page.getByTestId('approval-item')).toHaveCount(2);
    await page.locator('[data-testid=approval-dialog][data-armed=true]').waitFor();
    await page.screenshot({ path: join(OUT, `${scheme}-approval.png`) });
    await page.getByTestId('approve-once').click();
    // The one put aside waits behind the badge, and is denied from the queue.
    await page.getByTestId('approval-badge').click();
    await page.getByTestId('approval-select-all').click();
    await page.getByTestId('approval-deny-selected').click();
    await expect(page.getByTestId('approval-badge')).toHaveCount(0);
    await page.locator('[data-testid=call-result][data-status=ok]').first().waitFor();
    await page.getByTestId('toggle-low-priority').first().click();
    await page.locator('[data-testid=tool-detail]').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: join(OUT, `${scheme}-results.png`) });
    await openTab(page, 'audit');
    await page.locator('[data-testid=audit-verify][data-ok=true]').waitFor();
    await page.screenshot({ path: join(OUT, `${scheme}-audit.png`) });
  }
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await scene.stop();
  rmSync(dir, { recursive: true, force: true });
}
