import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type WebSocketRoute } from '@playwright/test';
import { ConsolePage } from '../pages/console-page.js';
import { startServe, type ServeProcess } from '../tools/serve-process.js';
import { DEFAULT_CONFIG } from './fixtures.js';

// The page and the console it talks to are two processes: `serve` can stop (a crash, Ctrl+C) or be
// started again while a person has the page open. The page must say so, keep what it showed, send
// nothing, and never leave a click waiting on a console that is not there.
test.describe('the page loses its console', () => {
  let dataDir: string;
  const running: ServeProcess[] = [];
  test.beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-link-'));
  });
  test.afterEach(async () => {
    for (const s of running.splice(0)) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('serve stops: a banner says since when, the catalog stays, a call fails at once sending nothing; serve started again: the banner says to open its new address', async ({
    page,
  }) => {
    const thrown: string[] = [];
    page.on('pageerror', (e) => thrown.push(e.message));
    const first = await startServe(DEFAULT_CONFIG, dataDir);
    running.push(first);
    const port = new URL(first.url).port;
    const c = new ConsolePage(page);
    // The page's link to serve passes through the test, which can cut it (as a network would).
    const links: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws$/, (ws) => {
      links.push(ws);
      ws.connectToServer();
    });
    await page.goto(first.url);
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByTestId('console-lost')).toHaveCount(0);
    await c.connect('fx');
    await expect(page.getByTestId('tool-count')).toHaveText('261');
    await c.openTool('fx', 'echo');

    // A call waits for approval when the link drops (the network, here): the page says so, and an
    // approval clicked meanwhile is refused in words; the call still waits in the core.
    await page.getByTestId('call-button').click();
    await c.armed();
    expect(links).toHaveLength(1);
    await links[0]!.close({ code: 1001 });
    await expect(page.getByTestId('console-lost')).toContainText('Lost the console at');
    await c.dialog.getByTestId('approve-once').click();
    await expect(c.dialog.getByRole('alert')).toContainText('The console is not reachable');
    // Back: the state is loaded again, the same call waits in the dialog, and approving it runs it once.
    await expect.poll(() => links.length).toBe(2);
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByTestId('console-lost')).toHaveCount(0);
    await expect(c.server('fx')).toHaveAttribute('data-status', 'connected');
    await expect(c.dialog.getByRole('alert')).toHaveCount(0);
    await c.approveOnce();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('call-result')).toHaveCount(1);

    await first.stop();
    running.splice(0);
    const banner = page.getByTestId('console-lost');
    await expect(banner).toContainText(/^Lost the console at \d\d:\d\d:\d\d\. What you see is as it was then\./);
    await expect(banner).toHaveAttribute('data-restarted', 'false');
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'connecting');
    // What the page showed stays: the servers, the 261 tools, the open tool.
    await expect(c.server('fx')).toHaveCount(1);
    await expect(page.getByTestId('tool-count')).toHaveAttribute('data-count', '261');
    await expect(page.getByTestId('tool-detail')).toBeVisible();
    // A call now is refused in words at once: no dialog, nothing waiting.
    await page.getByTestId('call-button').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The console is not reachable' })).toContainText(
      'Nothing was sent.',
    );
    await expect(c.dialog).toHaveCount(0);
    // The JSON editor, never opened before, cannot load its script now: it says so in words, and the
    // arguments stay editable as plain text, the rest of the panel with them.
    await page.getByTestId('mode-json').click();
    await expect(page.getByTestId('json-editor-fallback')).toContainText(
      'could not load its script from the console (is it still running?)',
    );
    await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"message": "typed as text"}');
    await page.getByTestId('call-button').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The console is not reachable' })).toContainText(
      'Nothing was sent.',
    );
    // It keeps trying, and counts its tries.
    await expect(banner).toContainText(/\(\d+ tr(y|ies) so far\)/);

    // serve again, on the same port and data, the pages' sessions ended (their kept hashes deleted): its token is
    // new, so this page cannot go on with it. (With the sessions kept, the tab comes back: person-day.spec.ts.)
    rmSync(join(dataDir, 'data', 'page-endpoint.json'));
    const second = await startServe(DEFAULT_CONFIG, dataDir, ['--port', port]);
    running.push(second);
    expect(new URL(second.url).port).toBe(port);
    await expect(banner).toHaveAttribute('data-restarted', 'true', { timeout: 15_000 });
    await expect(banner).toContainText('Open the address it printed');
    await page.getByTestId('call-button').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The console is not reachable' })).toContainText(
      'was started again',
    );

    // The address it printed: the console again, no banner, the server there to connect.
    await page.goto(second.url);
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    await expect(banner).toHaveCount(0);
    await c.connect('fx');
    await expect(page.getByTestId('tool-count')).toHaveText('261');
    expect(thrown, 'errors the page did not catch').toEqual([]);
  });

  test('a page with a token the console does not take says so, and does not spin on "connecting"', async ({ page }) => {
    const s = await startServe(DEFAULT_CONFIG, dataDir);
    running.push(s);
    const u = new URL(s.url);
    await page.goto(`${u.origin}/#token=not-the-token`);
    const banner = page.getByTestId('console-lost');
    await expect(banner).toContainText(/^Cannot reach the console \(since \d\d:\d\d:\d\d\)\./);
    await expect(banner).toHaveAttribute('data-restarted', 'true');
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'connecting');
    // It never had the list of servers: it does not say there are none.
    await expect(page.getByTestId('servers-unknown')).toHaveText('The servers are shown once the console answers.');
    await expect(page.getByTestId('servers-empty')).toHaveCount(0);
    await expect(page.getByTestId('tools-unknown')).toHaveText('The tools are shown once the console answers.');
    await expect(page.getByText('Connect a server to see its tools.')).toHaveCount(0);
  });
});
