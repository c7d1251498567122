import { test, expect, rpc } from './fixtures.js';

test('the timeouts are in Settings: lowering saves, raising past the default asks on the terminal first', async ({
  app,
  page,
}) => {
  await page.getByTestId('tab-settings').click();
  const approval = page.getByTestId('settings-approval-timeout');
  await expect(approval).toHaveValue('600');
  await approval.fill('120');
  await page.getByTestId('settings-approval-save').click();
  await expect(page.getByTestId('settings-timeouts-note')).toHaveText('calls now wait 120 s for a decision');
  expect((await rpc(app, 'settings.get', {})).value).toMatchObject({ approvalTimeoutMs: 120_000 });

  // Past the default: the person at the terminal is asked; refused, nothing changes and the page says why.
  await approval.fill('1800');
  await page.getByTestId('settings-approval-save').click();
  expect(await app.answerConsent(false)).toMatch(/approvalTimeoutMs/);
  await expect(page.getByTestId('settings-timeouts-note')).toContainText('needs a confirmation outside the page');
  expect((await rpc(app, 'settings.get', {})).value).toMatchObject({ approvalTimeoutMs: 120_000 });
  await page.getByTestId('settings-approval-save').click();
  await app.answerConsent(true);
  await expect(page.getByTestId('settings-timeouts-note')).toHaveText('calls now wait 1800 s for a decision');

  // A server's call timeout and its reset on progress, saved on the server.
  const row = page.locator('[data-testid=settings-server-timeouts][data-server=fx]');
  await expect(row.getByTestId('settings-call-timeout')).toHaveValue('60');
  await row.getByTestId('settings-call-timeout').fill('5');
  await row.getByTestId('settings-call-timeout').blur();
  await row.getByTestId('settings-reset-on-progress').click(); // the box shows what the core holds, once it holds it
  await expect
    .poll(async () => ((await rpc(app, 'servers.status', { serverId: 'fx' })).value as { settings: object }).settings)
    .toMatchObject({ callTimeoutMs: 5000, resetTimeoutOnProgress: false });
  await expect(row.getByTestId('settings-reset-on-progress')).not.toBeChecked();
  // Past its 60 s default, a call timeout is confirmed outside the page too; refused, it stays.
  await row.getByTestId('settings-call-timeout').fill('600');
  await row.getByTestId('settings-call-timeout').blur();
  expect(await app.answerConsent(false)).toContain('callTimeoutMs of fx: 5,000 -> 600,000');
  await expect(page.getByTestId('settings-timeouts-note')).toContainText(
    'raising callTimeoutMs of fx needs a confirmation outside the page',
  );
  expect(((await rpc(app, 'servers.status', { serverId: 'fx' })).value as { settings: object }).settings).toMatchObject(
    { callTimeoutMs: 5000 },
  );
  await expect(row.getByTestId('settings-call-timeout')).toHaveValue('5');
});
