import { expect, rpc, test } from './fixtures.js';

test.describe('calling a tool through the confirmation', () => {
  test('form → confirmation shows exactly the args → approve → result', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'form_kitchen_sink');
    const form = page.getByTestId('tool-form');
    await expect(form.getByLabel('count')).toHaveValue('3');
    // A blank form is not yet wrong: no errors until the person does something (name is required).
    await page.waitForTimeout(400); // past the 150 ms check the panel runs as values change
    await expect(page.getByTestId('validation-errors')).toHaveCount(0);
    await form.getByLabel('name').fill('A');
    await form.getByLabel('name').fill('');
    await expect(page.getByTestId('validation-errors')).toContainText('name');
    await form.getByLabel('name').fill('Ada');
    await form.getByLabel('color').selectOption('green');
    await form.getByRole('button', { name: '+ Add' }).click();
    await form.locator('input[id^="root_tags_0"]').fill('first');
    await form.getByLabel('x').fill('1');
    await form.getByLabel('y').fill('2');
    await expect(page.getByTestId('validation-errors')).toBeHidden();
    await page.getByTestId('call-button').click();
    await expect(c.dialog).toHaveAttribute('data-server', 'fx');
    await expect(c.dialog).toHaveAttribute('data-tool', 'form_kitchen_sink');
    const sent = {
      color: 'green',
      count: 3,
      name: 'Ada',
      options: { verbose: false },
      origin: { x: 1, y: 2 },
      tags: ['first'],
    };
    expect(JSON.parse(await c.dialog.getByTestId('approval-args').innerText())).toEqual(sent);
    await c.approveOnce();
    const result = c.lastResult();
    await expect(result).toHaveAttribute('data-status', 'ok');
    // The fixture echoes what it received: the very bytes the dialog showed.
    await expect(result.getByTestId('content-block').first()).toContainText('"name": "Ada"');
  });

  test('deny sends nothing and shows the call as denied', async ({ app }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'echo');
    await c.callWithJson({ message: 'no' }, false);
    await c.dialog.getByTestId('deny-reason').fill('not today');
    await c.dialog.getByTestId('deny').click();
    await expect(c.dialog).toBeHidden();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'denied');
    await expect(c.lastResult()).toContainText('not today');
  });

  test('the approve controls ignore a click in their first second; Escape denies', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'echo');
    await c.callWithJson({ message: 'early' }, false);
    await expect(c.dialog).toHaveAttribute('data-armed', 'false');
    await c.dialog.getByTestId('approve-once').click({ force: true });
    await c.dialog.getByTestId('approve-once').press('Enter');
    await expect(c.dialog).toBeVisible();
    // Tab goes round the dialog, both ways, and never reaches the page under its shade.
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid=approval-dialog]'));
    for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await inDialog(), `after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(c.dialog).toBeHidden();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'denied');
    // The focus is back where it was when the call was asked for (the JSON editor here), not lost to the page.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=tool-detail]'))).toBe(true);
  });

  test('allow for this session: the next call asks nothing; a changed tool asks again with its diff', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'mutable');
    await c.callWithJson({ path: '/a' }, false);
    await c.armed();
    await c.dialog.getByTestId('approve-session').click();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await page.getByTestId('call-button').click();
    await expect(page.getByTestId('call-result')).toHaveCount(2);
    await expect(c.dialog).toBeHidden();
    await expect(c.lastResult()).toContainText('session-policy');
    // Change the tool (through its own approval), then call mutable again.
    await c.openTool('fx', 'change_tools');
    await c.callWithJson({ action: 'add_param' });
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await c.openTool('fx', 'mutable');
    await expect(c.tool('fx', 'mutable')).toHaveAttribute('data-mark', 'changed');
    await expect(page.getByTestId('tool-diff')).toContainText('inputSchema.properties.exfiltrate_to');
    await page.getByTestId('call-button').click();
    await expect(c.dialog).toBeVisible();
    await expect(c.dialog).toHaveAttribute('data-tool', 'mutable');
  });

  test('several pending approvals queue, each naming its server; a second tab sees the same', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await c.connect('everything');
    await c.openTool('fx', 'echo');
    await page.getByTestId('call-button').click();
    await expect(c.dialog).toHaveAttribute('data-server', 'fx');
    expect(
      (await rpc(app, 'calls.request', { serverId: 'everything', tool: 'echo', args: { message: 'from elsewhere' } }))
        .ok,
    ).toBe(true);
    await expect(c.dialog.getByTestId('approval-position')).toHaveText('1 of 2 waiting');
    // The queue beside the dialog lists both, oldest first; the second can be opened before the first is decided.
    const items = page.getByTestId('approval-queue').getByTestId('approval-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).toHaveAttribute('data-server', 'everything');
    await items.nth(1).getByTestId('approval-open').click();
    await expect(c.dialog).toHaveAttribute('data-server', 'everything');
    await items.nth(0).getByTestId('approval-open').click();
    await expect(c.dialog).toHaveAttribute('data-server', 'fx');
    // The keyboard goes round the dialog and the queue beside it, and nowhere else.
    const where = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-testid=approval-dialog]')
          ? 'dialog'
          : document.activeElement?.closest('[data-testid=approval-queue]')
            ? 'queue'
            : 'page',
      );
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      seen.add(await where());
    }
    expect([...seen].sort()).toEqual(['dialog', 'queue']);
    const tab2 = await page.context().newPage();
    await tab2.goto(app.url);
    const dialog2 = tab2.getByTestId('approval-dialog');
    await expect(dialog2).toHaveAttribute('data-server', 'fx');
    await expect(dialog2.getByTestId('approval-position')).toHaveText('1 of 2 waiting');
    await c.dialog.getByTestId('deny').click();
    await expect(c.dialog).toHaveAttribute('data-server', 'everything');
    await expect(dialog2).toHaveAttribute('data-server', 'everything');
    await expect(c.dialog.getByTestId('approval-args')).toContainText('"message": "from elsewhere"');
    await c.armed();
    await c.dialog.getByTestId('approve-once').click();
    await expect(c.dialog).toBeHidden();
    await expect(dialog2).toBeHidden();
  });
});

test.describe('who asked, and the audit view as it happens', () => {
  test('the dialog, the history and the audit log say the call was asked for from this console', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'echo');
    await c.callWithJson({ message: 'mine' }, false);
    await expect(c.dialog.getByTestId('approval-requester')).toHaveAttribute('data-kind', 'console');
    await expect(c.dialog.getByTestId('approval-requester')).toHaveText('you, in the console');
    await c.approveOnce();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('history-row').first().getByTestId('history-requester')).toHaveText(
      'you, in the console',
    );
    await page.getByTestId('tab-audit').click();
    const requested = page.locator('[data-testid=audit-entry][data-kind=call-requested]').first();
    await expect(requested.getByTestId('audit-requester')).toHaveText('you, in the console');
  });

  test('the audit view shows connect, catalog and disconnect entries while it is open', async ({ app, page }) => {
    await page.getByTestId('tab-audit').click();
    const kind = (k: string) => page.locator(`[data-testid=audit-entry][data-kind="${k}"]`);
    await expect(kind('connect')).toHaveCount(0);
    await app.console.connect('fx');
    await expect(kind('connect')).toHaveCount(1);
    await expect(kind('catalog-change')).toHaveCount(1);
    await app.console.server('fx').getByTestId('disconnect').click();
    await expect(kind('disconnect')).toHaveCount(1);
  });
});
