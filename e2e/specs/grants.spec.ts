import { test, expect } from './fixtures.js';

test('a developer allows every tool of a server for the session from the dialog, sees it in Grants, revokes it', async ({
  app,
  page,
}) => {
  const c = app.console;
  await c.connect('fx');
  await c.openTool('fx', 'echo');
  await c.callWithJson({ message: 'first' }, false);
  // Only trusted servers are offered the read-only cover: annotations are claims otherwise.
  await expect(c.dialog.locator('[data-testid=approve-session-covers] option')).toHaveText([
    'this tool',
    'every tool of fx, as they are now',
  ]);
  await c.dialog.getByTestId('approve-session-covers').selectOption('server');
  await c.armed();
  await c.dialog.getByTestId('approve-session').click();
  await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
  // Another tool of fx runs without a dialog.
  await c.openTool('fx', 'content_text');
  await page.getByTestId('call-button').click();
  await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
  await expect(c.dialog).toBeHidden();
  // Listed, worded for what it covers, and revocable: the next call is asked for again.
  await page.getByTestId('tab-agents').click();
  const grant = page.locator('[data-testid=grant-row][data-covers=server][data-server=fx]');
  await expect(grant).toContainText('every tool of fx');
  await expect(grant).toContainText('used 1×');
  await grant.getByTestId('grant-revoke').click();
  await expect(grant).toHaveCount(0);
  await c.openTool('fx', 'content_text');
  await page.getByTestId('call-button').click();
  await expect(c.dialog).toHaveAttribute('data-tool', 'content_text');
});
