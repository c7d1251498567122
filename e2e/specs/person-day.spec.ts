import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsolePage } from '../pages/console-page.js';
import { startServe } from '../tools/serve-process.js';
import { agent, connectAgentInPage, DEFAULT_CONFIG, expect, test, text } from './fixtures.js';

// A person's day, round two: what a developer meets starting the console and calling through it.

test.describe('a start with a config', () => {
  test('connects the servers the config names, and Connect all brings them back', async ({ page }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-day-'));
    // As `npm start -- --config F` does: the person named the file, so its servers connect at once.
    const serve = await startServe(DEFAULT_CONFIG, dataDir, [], { connectAtStart: true });
    try {
      await page.goto(serve.url);
      const c = new ConsolePage(page);
      for (const id of ['fx', 'everything'])
        await expect(c.server(id)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
      await expect(page.getByTestId('connect-all')).toHaveCount(0);
      for (const id of ['fx', 'everything']) {
        await c.server(id).getByTestId('disconnect').click();
        await expect(c.server(id)).toHaveAttribute('data-status', 'disconnected');
      }
      await expect(page.getByTestId('connect-all')).toHaveText('Connect all (2)');
      await page.getByTestId('connect-all').click();
      for (const id of ['fx', 'everything'])
        await expect(c.server(id)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
      await expect(page.getByTestId('connect-all')).toHaveCount(0);
    } finally {
      await serve.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('input that fails the schema', () => {
  test('waits for the person under a session grant, and says which grant it held', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'mutable');
    await c.callWithJson({ path: '/a' }, false);
    await c.armed();
    await c.dialog.getByTestId('approve-session').click();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    // A number where the schema wants a string: the grant would send it; the person is asked instead.
    await c.setJson({ path: 42 });
    await page.getByTestId('call-button').dispatchEvent('click');
    await expect(c.dialog).toBeVisible();
    await expect(c.dialog.getByTestId('approval-held')).toHaveAttribute('data-from', 'session-policy');
    await expect(c.dialog.getByTestId('approval-validation')).toContainText('/path');
    await c.armed();
    await c.dialog.getByTestId('deny').click();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'denied');
    // Valid input under the same grant is still sent at once.
    await c.setJson({ path: '/b' });
    await page.getByTestId('call-button').dispatchEvent('click');
    await expect(page.getByTestId('call-result')).toHaveCount(3);
    await expect(c.lastResult()).toContainText('session-policy');
    await expect(c.dialog).toBeHidden();
  });
});

test.describe('calls that arrive', () => {
  test('announce themselves and wait for the person; the queue leaves the tabs free', async ({ app, page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const c = app.console;
    await c.connect('fx');
    const { token, url } = await connectAgentInPage(app, 'claude');
    // The default a new person has (the specs' fixture turns it on): arriving calls do not open the dialog.
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('settings-open-arriving').uncheck();
    await page.getByTestId('tab-history').click();
    const bar = page.locator('header.topbar');
    const before = { bar: await bar.boundingBox(), tab: await page.getByTestId('tab-audit').boundingBox() };
    const client = await agent(url, token);
    try {
      const call = client.callTool({ name: 'fx.echo', arguments: { message: 'hello' } });
      await expect(page.getByTestId('approval-badge')).toHaveText('1 waiting for approval');
      await expect(page).toHaveTitle(/^\(1\) MCP Console/);
      await expect(c.dialog).toHaveCount(0);
      // Nothing in the bar moved when the badge came.
      expect({ bar: await bar.boundingBox(), tab: await page.getByTestId('tab-audit').boundingBox() }).toEqual(before);
      // The console is usable while the call waits: another tab opens.
      await page.getByTestId('tab-audit').click();
      await expect(page.getByTestId('audit-entry').first()).toBeVisible();
      // The queue opens from the badge, under the top bar: the tabs stay reachable beside it.
      await page.getByTestId('approval-badge').click();
      const queue = page.getByTestId('approval-queue');
      await expect(queue).toBeVisible();
      const barBox = (await bar.boundingBox())!;
      expect((await queue.boundingBox())!.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
      await page.getByTestId('tab-tools').click();
      await expect(page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
      // The person opens it when they choose, and decides.
      await queue.getByTestId('approval-open').click();
      await expect(c.dialog).toHaveAttribute('data-agent', 'claude');
      await c.approveOnce();
      expect(text(await call)).toContain('hello');
      await expect(page.getByTestId('approval-badge')).toHaveCount(0);
    } finally {
      await client.close();
    }
  });
});

test.describe('a restart', () => {
  test('keeps the page at its address: an open tab comes back by itself, History with it', async ({ page }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-restart-'));
    let serve = await startServe(DEFAULT_CONFIG, dataDir, [], { keepPort: true });
    try {
      await page.goto(serve.url);
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
      const c = new ConsolePage(page);
      await c.connect('fx');
      await c.openTool('fx', 'echo');
      await c.callWithJson({ message: 'before the restart' });
      await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
      const port = new URL(serve.url).port;
      await serve.stop();
      await expect(page.getByTestId('console-lost')).toBeVisible();
      serve = await startServe(DEFAULT_CONFIG, dataDir, [], { keepPort: true });
      // The same address (a new token is printed; the tab's session was kept) and the tab is back, unreloaded.
      expect(new URL(serve.url).port).toBe(port);
      await expect(page.getByTestId('console-lost')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
      await expect(c.server('fx')).toHaveAttribute('data-status', 'disconnected');
      // History kept the call of the session before, and finds it by what it sent.
      await page.getByTestId('tab-history').click();
      const rows = page.getByTestId('history-row');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('echo');
      await page.getByTestId('history-search').fill('nothing like it');
      await expect(rows).toHaveCount(0);
      await page.getByTestId('history-search').fill('before restart');
      await expect(rows).toHaveCount(1);
      await page.getByTestId('tab-tools').click();
      await c.connect('fx');
    } finally {
      await serve.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('a narrow catalog', () => {
  test('counts the badges its rows cannot show, and names them', async ({ app, page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const c = app.console;
    await c.connect('fx');
    await page.getByTestId('tool-search').fill('ann_');
    const rows = page.locator('[data-testid=tool-item]');
    await expect(rows.first()).toBeVisible();
    // Every row: the badges past its line are exactly the ones the count names (counted once layout settles).
    await expect(async () => {
      const seen = await rows.evaluateAll((items) =>
        items.slice(0, 20).map((row) => {
          const line = row.querySelector<HTMLElement>('.tool-meta')!;
          const top = (line.firstElementChild as HTMLElement).offsetTop;
          const out = [...line.children].filter(
            (b) => (b as HTMLElement).offsetTop > top && (b as HTMLElement).offsetWidth > 0,
          ).length;
          const more = row.querySelector('[data-testid=tool-badges-hidden]');
          return { out, said: more ? Number(more.textContent!.slice(1)) : 0, title: more?.getAttribute('title') ?? '' };
        }),
      );
      expect(seen.some((r) => r.out > 0)).toBe(true);
      for (const r of seen) expect(r.said).toBe(r.out);
      expect(seen.find((r) => r.out > 0)!.title).toMatch(/^Not shown at this width: /);
    }).toPass({ timeout: 10_000 });
  });
});
