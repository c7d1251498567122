import { connectModern, expect, test } from './fixtures.js';

test.describe('resources', () => {
  test('the Resources tab lists a connected server’s resources and shows the one opened; the read is recorded', async ({
    app,
    page,
  }) => {
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
    // The list marks the resource open beside it, and only that one.
    await expect(server.locator('[data-testid=resource-item][aria-current=true]')).toHaveAttribute(
      'data-uri',
      'fixture://blob/1',
    );
    await expect(page.locator('[data-testid=resource-item][aria-current=true]')).toHaveCount(1);
    await expect(contents.locator('img')).toBeVisible();
    await page.getByTestId('tab-audit').click();
    await expect(page.locator('[data-testid=audit-entry][data-kind=resource-read]')).toHaveCount(2);
  });

  test('a template’s variables as a form: the URI they make is read; the resource can be watched', async ({
    app,
    page,
  }) => {
    await app.console.connect('everything');
    await page.getByTestId('tab-resources').click();
    await page
      .locator('[data-testid=open-template][data-template="demo://resource/dynamic/text/{resourceId}"]')
      .click();
    const form = page.getByTestId('template-form');
    await form.locator('[data-testid=template-var][data-var=resourceId]').fill('3');
    await expect(form.getByTestId('template-uri')).toHaveText('demo://resource/dynamic/text/3');
    await expect(page.locator('[data-testid=template-completions][data-var=resourceId] option')).toHaveAttribute(
      'value',
      '3',
    );
    await form.getByTestId('template-read').click();
    await expect(page.getByTestId('resource-contents')).toHaveAttribute('data-uri', 'demo://resource/dynamic/text/3');
    await page.getByTestId('resource-watch').click();
    await expect(page.getByTestId('resource-watch')).toHaveAttribute('data-watched', 'true');
  });
});

test.describe('resources of a 2026-07-28 server', () => {
  test.use({ config: { mcpServers: {} } });

  test('the list says when it was listed and its cache hints; a list change on the stream is drawn as a diff; the tools list says its hints too', async ({
    app,
    page,
    modern,
  }) => {
    const c = app.console;
    await connectModern(app, modern);
    await page.getByTestId('tab-resources').click();
    const server = page.locator('[data-testid=resource-server][data-server=modern]');
    await expect(server.getByTestId('list-cache')).toHaveAttribute('data-ttl', '60000');
    await expect(server.getByTestId('list-cache')).toContainText('ttl 60 s (public) · fresh until');
    await expect(server.getByTestId('list-diff')).toHaveCount(0);
    // add_note adds a resource and says so on the change stream: the tab lists it and shows what changed.
    await page.getByTestId('tab-tools').click();
    await c.openTool('modern', 'add_note');
    await c.callWithJson({});
    await expect(c.lastResult()).toContainText('now 1 notes');
    await page.getByTestId('tab-resources').click();
    await expect(server.getByTestId('list-diff-added')).toContainText('fixture://modern/note-1');
    await expect(server.locator('[data-testid=resource-item][data-uri="fixture://modern/note-1"]')).toBeVisible();
    // The SDK server's default for tools/list: ttl 0, private.
    await c.server('modern').getByRole('button', { name: 'modern' }).click();
    await expect(c.server('modern').getByTestId('tools-cache')).toHaveAttribute('data-ttl', '0');
    await expect(c.server('modern').getByTestId('tools-cache')).toContainText(
      'ttl 0 (asked again whenever needed) (private)',
    );
  });
});
