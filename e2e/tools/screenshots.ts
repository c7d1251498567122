/**
 * `npm run screenshots`: the main screens in light and dark, against the fixture server, into
 * assets/screenshots/ (linked from the README).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const OUT = resolve('assets/screenshots');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-shots-'));
writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: {
  fixture: { command: process.execPath, args: [resolve('out/node/e2e/fixtures/server.js')] },
  everything: { command: process.execPath, args: [resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')] },
} }));
const child = spawn(process.execPath, [resolve('bin/mcp-console.js'), 'serve', '--config', join(dir, 'mcp.json'), '--data-dir', join(dir, 'data')], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((r) => child.stdout!.on('data', (d: Buffer) => {
  const m = /ready at (\S+)/.exec(d.toString());
  if (m) r(m[1]);
}));
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
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
