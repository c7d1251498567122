import { connectModern, expect, test } from './fixtures.js';

test.describe('tasks', () => {
  test('a tool that requires task mode runs as a task: the approval says so, the status shows while it works, the result arrives', async ({
    app,
    page,
  }) => {
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

test.describe('the tasks extension (2026-07-28)', () => {
  test.use({ config: { mcpServers: {} } });

  test('a call the server turns into a task asks the person, and the answer waits for its own approval before tasks/update sends it', async ({
    app,
    page,
    modern,
  }) => {
    const c = app.console;
    await connectModern(app, modern);
    await c.openTool('modern', 'batch');
    await c.callWithJson({ ask: true });
    const q = page.getByTestId('elicitation-dialog');
    await expect(q.getByTestId('elicitation-message')).toContainText('Run the batch?');
    await expect(q.getByTestId('elicitation-during')).toHaveText('batch');
    await q.getByTestId('elicitation-form').getByLabel('Proceed?').check();
    await expect(q).toHaveAttribute('data-armed', 'true');
    await q.getByTestId('elicitation-accept').click();
    await expect(c.dialog.getByTestId('approval-task-update')).toContainText('tasks/update');
    await expect(c.dialog.getByTestId('approval-args')).toContainText('"proceed": true');
    await expect(page.getByTestId('call-task')).toHaveAttribute('data-status', 'input_required');
    await c.approveOnce();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await expect(c.lastResult()).toContainText('batch done (confirmed)');
  });
});
