import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

/** The real command line on a data directory, with no terminal; resolves with its exit code and output. */
function cli(dataDir: string, ...args: string[]): { done: Promise<{ code: number | null; out: string; err: string }> } {
  const child = spawn(process.execPath, [resolve('bin/mcp-console.js'), ...args, '--data-dir', join(dataDir, 'data')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return { done: new Promise((r) => child.on('close', (code) => r({ code, out, err }))) };
}

test.describe('the command line beside the open console', () => {
  test('call, test and review go through the console: its queue, History, Trace and one audit log', async ({
    page,
  }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-beside-'));
    const serve = await startServe(DEFAULT_CONFIG, dataDir, [], { connectAtStart: true });
    const config = join(dataDir, 'mcp.json');
    try {
      await page.goto(serve.url);
      const c = new ConsolePage(page);
      await expect(c.server('fx')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
      // A call without --yes and without a terminal waits in the console's queue for the person there.
      const call = cli(dataDir, 'call', 'fx', 'echo', '--args', '{"message":"from the terminal"}', '--config', config);
      await expect(page.getByTestId('approval-badge')).toHaveText('1 waiting for approval', { timeout: 15_000 });
      await page.getByTestId('approval-badge').click();
      await page.getByTestId('approval-queue').getByTestId('approval-open').click();
      await expect(c.dialog.getByTestId('approval-requester')).toHaveAttribute('data-kind', 'cli');
      await c.approveOnce();
      const called = await call.done;
      expect(called.code, called.err).toBe(0);
      expect(called.out).toContain('from the terminal');
      expect(called.err).toMatch(/through MCP Console \(process \d+\)/);
      expect(called.err).not.toContain('is writing the audit log');
      // History has it, asked by the command line; Trace has its tools/call.
      await page.getByTestId('tab-history').click();
      await page.getByTestId('history-search').fill('from the terminal');
      const row = page.getByTestId('history-row');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('history-requester')).toContainText('command line');
      await page.getByTestId('tab-trace').click();
      await page.getByTestId('trace-server').selectOption('fx');
      await expect(page.locator('[data-testid=trace-row][data-dir=out][data-method="tools/call"]')).toHaveCount(1);
      // A collection run and a review, through the same console.
      const file = join(dataDir, 'echo.collection.json');
      writeFileSync(
        file,
        JSON.stringify({
          name: 'Echo from the terminal',
          steps: [
            {
              id: 'say',
              call: { server: 'fx', tool: 'echo', arguments: { message: 'run' } },
              expect: { outcome: 'ok' },
            },
          ],
        }),
      );
      const tested = await cli(dataDir, 'test', file, '--config', config, '--yes').done;
      expect(tested.code, tested.err).toBe(0);
      expect(tested.out + tested.err).toContain('1 passed, 0 failed');
      await page.getByTestId('tab-history').click();
      await page.getByTestId('history-search').fill('');
      await expect(page.getByTestId('history-row')).toHaveCount(2);
      await expect(page.getByTestId('history-row').first()).toContainText('Echo from the terminal');
      const reviewed = await cli(dataDir, 'review', '--config', config, '--server', 'fx', '--format', 'json').done;
      expect([0, 1], reviewed.err).toContain(reviewed.code);
      expect(reviewed.err).toMatch(/through MCP Console/);
      // One log, written by the console alone, and intact; its newest entries are the command's.
      await page.getByTestId('tab-audit').click();
      await expect(page.getByTestId('audit-entry').filter({ hasText: 'reviewed' })).not.toHaveCount(0);
      const verified = await cli(dataDir, 'audit', 'verify').done;
      expect(verified.code, verified.err + verified.out).toBe(0);
    } finally {
      await serve.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test.describe('smaller things of the day', () => {
  test('a theme the person chooses, or the system', async ({ app, page }) => {
    const root = page.locator('html');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('tab-settings').click();
    await expect(page.getByTestId('theme-system')).toBeChecked();
    const light = await background();
    await page.getByTestId('theme-dark').check();
    await expect(root).toHaveAttribute('data-theme', 'dark');
    const dark = await background();
    expect(dark).not.toBe(light);
    // Kept across a reload, whatever the system says.
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    await expect(root).toHaveAttribute('data-theme', 'dark');
    expect(await background()).toBe(dark);
    // Back to the system's: it follows the system as it changes.
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('theme-system').check();
    await expect(root).not.toHaveAttribute('data-theme', /./);
    expect(await background()).toBe(light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).toBe(dark);
    await page.getByTestId('theme-light').check();
    await expect.poll(background).toBe(light);
    void app;
  });

  test("the trace uses the row's width, and every list reads one filter language", async ({ app, page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'echo');
    await c.callWithJson({ message: 'filter me' });
    await page.getByTestId('tab-trace').click();
    await page.getByTestId('trace-server').selectOption('fx');
    const long = page.locator('[data-testid=trace-row][data-method="notifications/initialized"]');
    await expect(long).toHaveCount(1);
    // Nothing opened: the rows have the pane's width, and the longest method is whole.
    const cut = await long
      .locator('.ellipsis')
      .first()
      .evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    const rows = page.getByTestId('trace-row');
    await page.getByTestId('trace-filter').fill('method:tools/call -dir:in');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-dir', 'out');
    await page.getByTestId('trace-filter').fill('name:echo');
    await expect(rows).toHaveCount(2);
    // History and the Audit log read the same terms.
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-search').fill('"filter me" tool:echo -outcome:denied');
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    await page.getByTestId('history-search').fill('tool:nothing');
    await expect(page.getByTestId('history-row')).toHaveCount(0);
    await page.getByTestId('tab-audit').click();
    await page.getByTestId('audit-filter').fill('kind:completed tool:echo');
    await expect(page.getByTestId('audit-entry')).toHaveCount(1);
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
