import { expect, test } from './fixtures.js';

test.describe('resources', () => {
  test('the Resources tab lists a connected server’s resources and shows the one opened; the read is recorded', async ({ app, page }) => {
    await app.console.connect('fx');
    await page.getByTestId('tab-resources').click();
    const server = page.locator('[data-testid=resource-server][data-server=fx]');
    await expect(server).toContainText('2 resources, 0 templates');
    await server.locator('[data-testid=resource-item][data-uri="fixture://text/1"]').click();
    const contents = page.getByTestId('resource-contents');
    await expect(contents).toHaveAttribute('data-uri', 'fixture://text/1');
    await expect(contents).toContainText('hello notes');
    await server.locator('[data-testid=resource-item][data-uri="fixture://blob/1"]').click();
    await expect(contents).toHaveAttribute('data-uri', 'fixture://blob/1');
    await expect(contents.locator('img')).toBeVisible();
    await page.getByTestId('tab-audit').click();
    await expect(page.locator('[data-testid=audit-entry][data-kind=resource-read]')).toHaveCount(2);
  });
});
