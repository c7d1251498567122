import { expect, test } from './fixtures.js';

test.describe('tasks', () => {
  test('a tool that requires task mode runs as a task: the approval says so, the status shows while it works, the result arrives', async ({ app, page }) => {
    const c = app.console;
    await c.connect('everything');
    await c.openTool('everything', 'simulate-research-query');
    await expect(page.getByTestId('task-required')).toBeVisible();
    await page.getByTestId('mode-json').click();
    await c.setJson({ topic: 'tide pools' });
    await page.getByTestId('call-button').click();
    await expect(c.dialog.getByTestId('approval-task')).toBeVisible();
    await c.approveOnce();
    await expect(page.getByTestId('call-task')).toHaveAttribute('data-status', 'working');
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok', { timeout: 20_000 });
    await expect(c.lastResult()).toContainText('tide pools');
  });
});
