import { expect, test } from './fixtures.js';

test.describe('catalog', () => {
  test('shows icons from the core, risk and annotation badges with declared values told apart from defaults', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await expect(page.getByTestId('tool-count')).toHaveText('261');
    await page.getByTestId('tool-search').fill('icon_');
    await expect(c.tool('fx', 'icon_png').getByTestId('tool-icon')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(c.tool('fx', 'icon_svg').getByTestId('tool-icon')).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml;base64,/,
    );
    await expect(c.tool('fx', 'icon_bad_scheme').getByTestId('tool-icon')).toHaveCount(0);
    // No image on the page points anywhere but data: (the page never fetches a server-supplied URL).
    expect(
      await page
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')).filter((s) => !s?.startsWith('data:'))),
    ).toEqual([]);
    await page.getByTestId('tool-search').fill('ann_tfuf');
    const row = c.tool('fx', 'ann_tfuf');
    await expect(row.locator('[data-risk]')).toHaveAttribute('data-risk', 'read-only-claimed');
    await expect(row.getByText('untrusted')).toBeVisible();
    // The row says each thing once: the risk badge covers read-only, writes and destructive.
    await expect(row.locator('[data-hint=readOnlyHint]')).toHaveCount(0);
    await page.getByTestId('tool-search').fill('');
    for (const tool of await page.getByTestId('tool-item').all()) {
      const words = await tool.locator('.badge, .risk').allInnerTexts();
      const said = words.flatMap((w) =>
        w
          .replace(/\*$/, '')
          .split(' ')
          .filter((x) => !['claims', 'not'].includes(x)),
      );
      expect(said, `badges of ${await tool.getAttribute('data-tool')}`).toEqual([...new Set(said)]);
    }
    await page.getByTestId('tool-search').fill('ann_tfuf');
    await row.click();
    await expect(page.locator('[data-testid=tool-detail] [data-hint=readOnlyHint]')).toHaveAttribute(
      'data-declared',
      'true',
    );
    const table = page.getByTestId('annotation-table');
    await page.getByText('Annotations', { exact: true }).click();
    await expect(table.locator('tr', { hasText: 'idempotentHint' })).toContainText('spec default');
    await expect(table.locator('tr', { hasText: 'destructiveHint' })).toContainText('declared');
    await expect(page.getByTestId('fingerprint')).toContainText(/[0-9a-f]{64}/);
  });

  test('filters as you type over name, title and description', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await page.getByTestId('tool-search').fill('pagination and scale');
    await expect(page.getByTestId('tool-count')).toHaveText(/ of 261$/);
    await page.getByTestId('tool-search').fill('Echo');
    await expect(c.tool('fx', 'echo')).toBeVisible();
    await page.getByTestId('tool-search').fill('zzz-no-such-tool');
    await expect(page.getByText('No tool matches')).toBeVisible();
    await page.getByTestId('tool-search').fill('');
    await page.locator('body').click();
    await page.keyboard.press('/');
    await expect(page.getByTestId('tool-search')).toBeFocused();
  });

  test('from the keyboard alone: filter, into the list, through it, open a tool, on to its form', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    const rows = page.getByTestId('tool-item');
    // The list is one stop for Tab, however many rows it draws.
    await expect(page.locator('[data-testid=tool-item][tabindex="0"]')).toHaveCount(1);
    await page.locator('body').click();
    await page.keyboard.press('/');
    await page.keyboard.type('echo');
    await expect(page.getByTestId('tool-count')).toHaveText(/ of 261$/);
    // Enter opens the first tool shown; Tab goes on to that tool, not to the next row.
    await page.keyboard.press('Enter');
    await expect(c.tool('fx', 'echo')).toBeFocused();
    await expect(c.tool('fx', 'echo')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('tool-detail')).toContainText('echo');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=tool-detail]'))).toBe(true);
    // All 261: Down from the filter into the list, End to the last row (drawn on the way), Home back.
    await page.keyboard.press('/');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('ArrowDown');
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    const lastName = await page.evaluate(() => document.activeElement?.getAttribute('data-tool'));
    expect(await page.evaluate(() => (document.activeElement?.parentElement as HTMLElement | null)?.dataset.row)).toBe(
      '260',
    );
    await expect(page.locator('[data-testid=tool-item]:focus')).toBeInViewport();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tool'))).not.toBe(lastName);
    await page.keyboard.press('Home');
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rows.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-testid=tool-item][tabindex="0"]')).toHaveCount(1);
  });

  test('filters by risk, annotation and server with chips and key:value terms', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await c.connect('everything');
    const search = page.getByTestId('tool-search');
    // Chips add key:value terms to the filter; every term must hold.
    await page.locator('[data-testid=filter-chip][data-term="server:fx"]').click();
    await expect(search).toHaveValue('server:fx');
    await expect(page.getByTestId('tool-count')).toHaveText(/^261 of \d+$/);
    await page.locator('[data-testid=filter-chip][data-term="is:read-only"]').click();
    await expect(search).toHaveValue('server:fx is:read-only');
    await expect(page.locator('[data-testid=filter-chip][data-term="is:read-only"]')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(c.tool('fx', 'echo')).toBeVisible();
    await expect(c.tool('fx', 'ann_tuuu')).toBeVisible();
    await expect(c.tool('fx', 'ann_ftuu')).toHaveCount(0);
    await search.fill('is:destructive name:ann_f');
    await expect(c.tool('fx', 'ann_ftuu')).toBeVisible();
    await expect(c.tool('fx', 'ann_ffuu')).toHaveCount(0);
    // Plain words find server names too, and risk and annotation words.
    await search.fill('everything echo');
    await expect(c.tool('everything', 'echo')).toBeVisible();
    await expect(c.tool('fx', 'echo')).toHaveCount(0);
    await search.fill('-server:fx is:read-only echo');
    await expect(c.tool('fx', 'echo')).toHaveCount(0);
    await expect(c.tool('everything', 'echo')).toBeVisible();
  });

  test('a live list_changed updates the list in place and marks added and changed tools with their diff', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'change_tools');
    await c.callWithJson({ action: 'add' });
    await page.getByTestId('tool-search').fill('dynamic_1');
    await expect(c.tool('fx', 'dynamic_1')).toHaveAttribute('data-mark', 'new');
    await c.openTool('fx', 'change_tools');
    await c.callWithJson({ action: 'change' });
    await page.getByTestId('tool-search').fill('mutable');
    await expect(c.tool('fx', 'mutable')).toHaveAttribute('data-mark', 'changed');
    await c.tool('fx', 'mutable').click();
    const diff = page.getByTestId('tool-diff');
    await expect(diff).toContainText('description');
    await expect(diff).toContainText('A tool that changes (version 1).');
    await expect(diff).toContainText('A tool that changes (version 2).');
  });

  test('hostile metadata is inert text; hidden characters are revealed', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'hostile_html');
    await expect(page.getByTestId('tool-description')).toContainText(
      '<script>window.__pwned = true</script><img src=x',
    );
    await c.callWithJson({});
    await expect(c.lastResult().getByTestId('text-body')).toContainText('<img src=x onerror=');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.locator('[data-testid=tool-detail] b, [data-testid=tool-detail] script').count()).toBe(0);
    await c.openTool('fx', 'hostile_hidden');
    const desc = page.getByTestId('tool-description');
    await expect(desc.getByTestId('hidden-text-warning')).toContainText('hidden message: “Ignore”');
    await expect(desc).toContainText('⟦U+200B⟧');
    await expect(desc).toContainText('⟦U+202E⟧');
    await c.openTool('fx', 'hostile_long');
    await expect(page.getByTestId('tool-description')).toContainText('100,000 characters in all');
  });

  test('a schema the form cannot draw falls back to the JSON editor, saying why; the editor keeps the value across the toggle', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'form_tuple');
    await expect(page.getByTestId('form-fallback')).toContainText('prefixItems');
    await expect(page.getByTestId('mode-form')).toBeDisabled();
    await expect(page.getByTestId('tool-form')).toHaveCount(0);
    await c.setJson({ point: [1, 2] });
    await page.getByTestId('call-button').click();
    await expect(c.dialog.getByTestId('approval-args')).toContainText('"point": [');
    await c.approveOnce();
    await expect(c.lastResult().getByTestId('text-body')).toContainText('"point"');
    await c.openTool('fx', 'echo');
    await page.getByTestId('tool-form').getByLabel('message').fill('kept');
    await page.getByTestId('mode-json').click();
    await expect(page.getByTestId('json-editor')).toContainText('"message": "kept"');
    await page.getByTestId('mode-form').click();
    await expect(page.getByTestId('tool-form').getByLabel('message')).toHaveValue('kept');
  });

  test('trusting a server turns a read-only claim into a trusted read-only tool', async ({ app, page }) => {
    const c = app.console;
    await c.connect('fx');
    await page.getByTestId('tool-search').fill('echo');
    await expect(c.tool('fx', 'echo').locator('[data-risk]')).toHaveAttribute('data-risk', 'read-only-claimed');
    await c.server('fx').getByRole('button', { name: 'fx' }).click();
    // The checkbox mirrors the core: it turns once the core has saved the setting.
    await c.server('fx').getByTestId('trust-toggle').click();
    await expect(c.server('fx').getByTestId('consent-waiting')).toContainText('confirm trusting it');
    expect(await app.answerConsent(true)).toContain('its annotations will be believed');
    await expect(c.server('fx').getByTestId('trust-toggle')).toBeChecked();
    await expect(c.tool('fx', 'echo').locator('[data-risk]')).toHaveAttribute('data-risk', 'read-only-trusted');
    await expect(c.tool('fx', 'echo').getByText('untrusted')).toHaveCount(0);
    // Auto-approval is one more confirmation, and turning it on leaves the server trusted.
    await c.server('fx').getByTestId('auto-approve-toggle').click();
    expect(await app.answerConsent(true)).toContain('WITHOUT ASKING');
    await expect(c.server('fx').getByTestId('auto-approve-toggle')).toBeChecked();
    await expect(c.server('fx').getByTestId('trust-toggle')).toBeChecked();
    await c.openTool('fx', 'echo');
    await page.getByTestId('mode-json').click();
    await c.setJson({ message: 'unasked' });
    await page.getByTestId('call-button').click();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await expect(c.dialog).toBeHidden();
  });
});
