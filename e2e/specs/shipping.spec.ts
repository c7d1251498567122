import { createServer } from 'node:net';
import { test, expect } from './fixtures.js';

/** A loopback port nothing listens on: the receiver is down. */
const closedPort = await new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

test.describe('audit shipping in Settings', () => {
  test.use({ serveArgs: ['--ship-syslog', `tcp://127.0.0.1:${closedPort}`] });

  test('a receiver that is down is shown as such while the console keeps working; a new destination from the page is asked on the terminal', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx'); // entries to ship
    await page.getByTestId('tab-settings').click();
    const target = page.getByTestId('shipping-target');
    await expect(target).toHaveAttribute('data-state', 'down');
    await expect(target).toContainText(`tcp://127.0.0.1:${closedPort}`);
    await expect(target).toContainText('cannot reach it — entries wait in the log');
    await expect(target).toContainText(/ECONNREFUSED/);
    await expect(page.getByTestId('shipping-flags')).toContainText('--ship-syslog');
    // The console goes on: a call is asked for and runs.
    await c.openTool('fx', 'echo');
    await c.callWithJson({ message: 'still here' });
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    // A new destination typed in the page waits for the person at the terminal; refused, nothing changes.
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('settings-shipOtlp').fill('http://127.0.0.1:9/v1/logs');
    await page.getByTestId('settings-shipping-save').click();
    expect(await app.answerConsent(false)).toMatch(/change where the audit log is sent/);
    await expect(page.getByTestId('settings-shipping-note')).toContainText(
      'changing shipOtlp needs a confirmation outside the page',
    );
  });
});
