/**
 * `npm run screenshots`: the main screens in light and dark, against the fixture server, into
 * assets/screenshots/ (linked from the README).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServe } from './serve-process.js';

const OUT = resolve('assets/screenshots');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-shots-'));
const serve = await startServe(
  {
    mcpServers: {
      fixture: { command: process.execPath, args: [resolve('out/node/e2e/fixtures/server.js')] },
      everything: { command: process.execPath, args: [resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')] },
    },
  },
  dir,
);
const url = serve.url;
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function approve(page: Page): Promise<void> {
  await page.locator('[data-testid=approval-dialog][data-armed=true]').waitFor();
  await page.getByTestId('approve-once').click();
  await page.getByTestId('approval-dialog').waitFor({ state: 'hidden' });
}

try {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
    await page.goto(url);
    await page.locator('body[data-app-state=ready]').waitFor();
    for (const id of ['fixture', 'everything']) {
      const connect = page.locator(`[data-server=${id}] [data-testid=connect]`);
      if (await connect.count()) await connect.click();
      await page.locator(`[data-server=${id}][data-status=connected]`).waitFor();
    }
    await page.getByTestId('tool-search').fill('form_kitchen');
    await page.locator('[data-tool=form_kitchen_sink]').click();
    await page.getByTestId('tool-form').getByLabel('name').fill('Ada');
    await page.getByTestId('tool-search').fill('');
    await page.screenshot({ path: join(OUT, `${scheme}-catalog.png`) });
    await page.getByTestId('call-button').click();
    await page.locator('[data-testid=approval-dialog][data-armed=true]').waitFor();
    await page.screenshot({ path: join(OUT, `${scheme}-approval.png`) });
    await page.getByTestId('approve-once').click();
    await page.getByTestId('tool-search').fill('content_annotated');
    await page.locator('[data-tool=content_annotated]').click();
    await page.getByTestId('call-button').click();
    await approve(page);
    await page.getByTestId('toggle-low-priority').first().click();
    await page.locator('[data-testid=tool-detail]').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: join(OUT, `${scheme}-results.png`) });
    await page.getByTestId('tab-audit').click();
    await page.locator('[data-testid=audit-verify][data-ok=true]').waitFor();
    await page.screenshot({ path: join(OUT, `${scheme}-audit.png`) });
    await page.close();
  }
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await serve.stop();
  rmSync(dir, { recursive: true, force: true });
}
