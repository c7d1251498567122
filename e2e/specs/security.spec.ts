import { expect, test } from './fixtures.js';

test.describe('browser mode refuses', () => {
  test('a page without the token gets nothing but the static page', async ({ app, browser }) => {
    const page = await browser.newPage();
    await page.goto(app.origin + '/');
    // It says the address lacks its token and where to find it, instead of "connecting…" forever.
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'no-token');
    await expect(page.getByTestId('no-token')).toContainText('This address lacks its access token');
    await expect(page.getByTestId('no-token')).toContainText('mcp-console serve');
    const refused = await page.evaluate(
      async () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/ws?token=wrong`);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
    );
    expect(refused).toBe('refused');
    await page.close();
  });

  test('the token leaves the address bar once read, and no script of the page can read it or the session', async ({
    app,
    page,
  }) => {
    expect(page.url()).not.toContain('token');
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    // The token became a session cookie the page's scripts cannot see (HttpOnly); the tab keeps only a mark.
    const seen = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: JSON.stringify({ ...sessionStorage }),
      local: JSON.stringify({ ...localStorage }),
    }));
    expect(seen.cookie).toBe('');
    expect(seen.storage).not.toContain(app.token);
    expect(seen.local).not.toContain(app.token);
    const cookies = await page.context().cookies(app.origin);
    expect(cookies.find((c) => c.name === `mcp-console-${new URL(app.origin).port}`)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    // A reload has no token in its address: the session carries it, and the page is up again.
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
  });

  test('a foreign origin cannot open the WebSocket even with the token', async ({ app, browser }) => {
    const page = await browser.newPage();
    // A page served from another origin (data: URL) that knows the token still cannot connect.
    await page.goto('data:text/html,<title>evil</title>');
    const result = await page.evaluate(
      async (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      `${app.origin.replace('http', 'ws')}/ws?token=${app.token}`,
    );
    expect(result).toBe('refused');
    await page.close();
  });
});

test('server-everything: connect, call echo, see annotated content', async ({ app }) => {
  const c = app.console;
  await c.connect('everything');
  await c.openTool('everything', 'echo');
  await c.callWithJson({ message: 'hello everything' });
  await expect(c.lastResult().getByTestId('text-body')).toHaveText('Echo: hello everything');
  await c.openTool('everything', 'get-annotated-message');
  await c.callWithJson({ messageType: 'success', includeImage: true });
  await expect(c.lastResult().locator('[data-testid=content-block][data-priority]').first()).toBeVisible();
  await c.openTool('everything', 'get-structured-content');
  await c.callWithJson({ location: 'Chicago' });
  await expect(c.lastResult().getByTestId('structured-content')).toHaveAttribute('data-valid', 'true');
});
