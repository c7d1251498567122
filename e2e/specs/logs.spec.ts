import { expect, test } from './fixtures.js';

test.describe('logs', () => {
  test('asking server-everything for debug logs sends logging/setLevel; its messages and stderr show, filtered by level', async ({
    app,
    page,
  }) => {
    await app.console.connect('everything');
    await page.getByTestId('tab-logs').click();
    await page.getByTestId('logs-server').selectOption('everything');
    await page.getByTestId('logs-level').selectOption('debug');
    await expect(page.getByText('level debug: logging/setLevel')).toBeVisible();
    await page.getByTestId('tab-tools').click();
    await app.console.openTool('everything', 'toggle-simulated-logging');
    await app.console.callWithJson({});
    await page.getByTestId('tab-logs').click();
    await expect(page.locator('[data-testid=log-row][data-source=server]').first()).toBeVisible({ timeout: 20_000 });
    // The log fills the pane down to the window's bottom, and the pane itself does not scroll (the log does).
    const fill = await page.getByTestId('logs-view').evaluate((el) => {
      const pane = el.closest('.wide-panel')!;
      const rows = el.querySelector('.trace-rows')!;
      return {
        gap: pane.getBoundingClientRect().bottom - rows.getBoundingClientRect().bottom,
        scrolls: pane.scrollHeight > pane.clientHeight,
      };
    });
    expect(fill.scrolls).toBe(false);
    expect(fill.gap).toBeLessThan(24);
    await page.getByTestId('logs-min-level').selectOption('emergency');
    for (const level of await page
      .locator('[data-testid=log-row][data-source=server]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-level'))))
      expect(level).toBe('emergency');
  });
});
