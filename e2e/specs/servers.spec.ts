import { expect, rpc, test, FIXTURE } from './fixtures.js';

test.describe('servers', () => {
  test.describe('with no servers', () => {
    test.use({ config: { mcpServers: {} } });

    test('an empty console says what to do; a server added through the form connects', async ({ app, page }) => {
      await expect(page.getByTestId('servers-empty')).toContainText('No servers yet');
      await page.getByTestId('add-server').click();
      const form = page.getByTestId('server-form');
      // The keyboard stays in the form while it is open.
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]')),
          `after Tab ${i + 1}`,
        ).toBe(true);
      }
      await form.getByLabel('Name (its id)').fill('mine');
      await form.getByLabel('Command', { exact: true }).fill(process.execPath);
      await form.getByLabel('Arguments, one per line').fill(FIXTURE);
      await form.getByLabel('Environment, KEY=VALUE per line').fill('FIXTURE_TOOLS=120');
      await page.getByTestId('save-server').click();
      // Nothing the page added runs until the person at serve's terminal confirms the exact command line.
      await app.console.server('mine').getByTestId('connect').click();
      await expect(app.console.server('mine')).toHaveAttribute('data-status', 'awaiting-consent');
      await expect(app.console.server('mine').getByTestId('consent-waiting')).toContainText(
        'the terminal that runs mcp-console serve',
      );
      const question = await app.answerConsent(true);
      expect(question).toContain(`command: ${process.execPath}`);
      expect(question).toContain('FIXTURE_TOOLS=120');
      await expect(app.console.server('mine')).toHaveAttribute('data-status', 'connected');
      await expect(page.getByTestId('tool-count')).toHaveText('121');
      await page.getByTestId('tab-settings').click();
      await expect(page.locator('[data-testid=consent-row][data-server=mine][data-kind=launch]')).toContainText(
        FIXTURE,
      );
      await page.getByTestId('tab-tools').click();
      await app.console.server('mine').getByRole('button', { name: 'mine' }).click();
      await expect(app.console.server('mine')).toContainText('MCP Console Fixture');
      await expect(app.console.server('mine')).toContainText('⟦U+200B⟧');
    });

    test('imports a pasted host config and reports a bad one naming the field', async ({ app, page }) => {
      await page.getByTestId('import-servers').click();
      await page
        .getByTestId('import-text')
        .fill(JSON.stringify({ servers: { pasted: { type: 'stdio', command: process.execPath, args: [FIXTURE] } } }));
      await page.getByTestId('import-run').click();
      await expect(page.getByRole('status')).toContainText('Added 1: pasted');
      await page.getByTestId('import-text').fill('{"mcpServers":{"bad":{"command":7}}}');
      await page.getByTestId('import-run').click();
      await expect(page.getByRole('alert')).toContainText('mcpServers["bad"].command');
      await page.keyboard.press('Escape');
      await expect(app.console.server('pasted')).toHaveAttribute('data-status', 'disconnected');
      // Refused at the terminal: nothing is spawned, and the card says why.
      await app.console.server('pasted').getByTestId('connect').click();
      await app.answerConsent(false);
      await expect(app.console.server('pasted').getByTestId('server-error')).toContainText(
        'launching this command line was not confirmed: refused at the terminal that runs mcp-console serve',
      );
      await expect(app.console.server('pasted')).toHaveAttribute('data-status', 'disconnected');
    });
  });

  test('a crashing server shows why, with its exit code and stderr, and the others keep working', async ({ app }) => {
    const c = app.console;
    await c.connect('fx');
    await c.connect('everything');
    await c.openTool('fx', 'exit_process');
    await c.callWithJson({});
    await expect(c.server('fx')).toHaveAttribute('data-status', 'error');
    const err = c.server('fx').getByTestId('server-error');
    await expect(err).toContainText('exit code 3');
    await expect(err).toContainText('fixture: exiting on request');
    await expect(c.lastResult()).toHaveAttribute('data-status', 'protocol-error');
    await c.server('fx').getByRole('button', { name: 'fx' }).click();
    await c.server('fx').getByTestId('show-log').click();
    await expect(c.server('fx').getByTestId('server-log')).toContainText('the server process exited (exit code 3)');
    await c.openTool('everything', 'echo');
    await c.callWithJson({ message: 'alive' });
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await c.server('fx').getByTestId('connect').click();
    await expect(c.server('fx')).toHaveAttribute('data-status', 'connected');
  });

  test('the history lists every call and calls again through a new approval; the audit log verifies', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'echo');
    await c.callWithJson({ message: 'again' });
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    // Call again asks for the same call at once (approved as any call); Edit only fills the form.
    await page.getByTestId('call-again').click();
    await expect(c.dialog.getByTestId('approval-args')).toContainText('"message": "again"');
    await c.approveOnce();
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    await page.getByTestId('call-edit').first().click();
    await expect(page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('tool-form').getByLabel('message')).toHaveValue('again');
    await page.getByTestId('tab-audit').click();
    await expect(page.getByTestId('audit-verify')).toHaveAttribute('data-ok', 'true');
    await expect(page.locator('[data-testid=audit-entry][data-kind=approved]')).toHaveCount(2);
    await expect(page.locator('[data-testid=audit-entry][data-kind=call-requested]')).toHaveCount(2);
    // An audit row opens to what it recorded: the arguments, and the result while the session has it.
    await page.locator('[data-testid=audit-entry][data-kind=call-requested]').first().click();
    await expect(page.getByTestId('audit-detail')).toContainText('"message": "again"');
    await page.locator('[data-testid=audit-entry][data-kind=completed]').first().click();
    await expect(page.getByTestId('audit-detail').getByTestId('call-result')).toHaveAttribute('data-status', 'ok');
    expect((await rpc(app, 'audit.verify', {})).value).toMatchObject({ ok: true });
  });

  test('editing a server to another command makes it a new identity and reconnects it; removing it takes it away', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await expect(page.getByTestId('tool-count')).toHaveText('261');
    await c.server('fx').getByRole('button', { name: 'fx' }).click();
    const identity = await c
      .server('fx')
      .getByTitle(/^Identity/)
      .innerText();
    await c.server('fx').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('server-form');
    await expect(form.getByLabel('Name (its id)')).toBeDisabled();
    await form.getByLabel('Environment, KEY=VALUE per line').fill('FIXTURE_TOOLS=150');
    await page.getByTestId('save-server').click();
    // A new command line is a new identity: it runs only once confirmed at the terminal.
    expect(await app.answerConsent(true)).toContain('FIXTURE_TOOLS=150');
    await expect(c.server('fx')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId('tool-count')).toHaveText('151');
    await expect(c.server('fx').getByTitle(/^Identity/)).not.toHaveText(identity);
    // Remove asks on the card (no browser dialog): Keep keeps it, Remove server removes it.
    await c.server('fx').getByRole('button', { name: 'Remove', exact: true }).click();
    await c.server('fx').getByTestId('remove-confirm').getByRole('button', { name: 'Keep' }).click();
    await expect(c.server('fx')).toHaveCount(1);
    await c.server('fx').getByRole('button', { name: 'Remove', exact: true }).click();
    await c.server('fx').getByRole('button', { name: 'Remove server' }).click();
    await expect(c.server('fx')).toHaveCount(0);
    await expect(page.getByTestId('tool-count')).toHaveText('0');
  });
});

test.describe('a server that never answers', () => {
  // It reads its input and says nothing: no server/discover answer, no initialize answer.
  test.use({
    config: { mcpServers: { silent: { command: process.execPath, args: ['-e', 'process.stdin.resume()'] } } },
  });

  test('connecting from the keyboard keeps the focus; Disconnect stops the wait, and nothing is said to have crashed', async ({
    app,
    page,
  }) => {
    const card = app.console.server('silent');
    await card.getByTestId('connect').focus();
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('data-status', 'connecting');
    // The same button, now Disconnect, has the focus and can be used while the connect waits.
    const stop = card.getByTestId('disconnect');
    await expect(stop).toBeFocused();
    await expect(stop).not.toHaveAttribute('aria-disabled', 'true');
    await expect(stop).toHaveAttribute('title', 'Stop connecting');
    const t0 = Date.now();
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('data-status', 'disconnected', { timeout: 10_000 });
    expect(Date.now() - t0).toBeLessThan(10_000);
    await expect(card.getByTestId('connect')).toBeFocused();
    // The console ended it: no exit code, no signal, no "the server process exited".
    await expect(card.getByTestId('server-error')).toHaveCount(0);
    await expect(card.getByTestId('server-action-error')).toHaveCount(0);
    await expect(card).not.toContainText('SIGTERM');
  });
});

test.describe('protocol eras', () => {
  test.use({ config: { mcpServers: {} } });

  test('a modern-only server added through the form connects in the 2026-07-28 era; legacy is refused in words', async ({
    app,
    page,
    modern,
  }) => {
    await page.getByTestId('add-server').click();
    const form = page.getByTestId('server-form');
    await form.getByLabel('Name (its id)').fill('modern');
    await form.getByLabel('Transport').selectOption('http');
    await form.getByLabel('URL').fill(modern);
    await expect(form.getByTestId('era-select')).toHaveValue('auto');
    await page.getByTestId('save-server').click();
    await app.console.connect('modern');
    await expect(page.getByTestId('tool-count')).toHaveText('13');
    await app.console.server('modern').getByRole('button', { name: 'modern' }).click();
    await expect(app.console.server('modern').getByTestId('server-era')).toHaveAttribute('data-era', 'modern');
    await expect(app.console.server('modern').getByTestId('server-era')).toContainText('2026-07-28');
    await expect(app.console.server('modern').getByTestId('server-era')).toContainText(
      'auto: the server answered server/discover',
    );
    // Who it is, from its results' _meta; what it offers, with each capability's flags; its extensions.
    await expect(app.console.server('modern').getByTestId('server-facts')).toContainText('Modern-only fixture');
    await expect(app.console.server('modern').getByTestId('server-identity-source')).toContainText(
      '_meta io.modelcontextprotocol/serverInfo',
    );
    await expect(app.console.server('modern').getByTestId('server-capabilities')).toContainText('tools (listChanged)');
    await expect(app.console.server('modern').getByTestId('server-extensions')).toHaveText(
      'io.modelcontextprotocol/tasks',
    );
    // The same server, made to speak only the 2025 era: the card says why it cannot.
    await app.console.server('modern').getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('server-form').getByTestId('era-select').selectOption('legacy');
    await page.getByTestId('save-server').click();
    await app.console.server('modern').getByTestId('disconnect').click();
    await app.console.server('modern').getByTestId('connect').click();
    await expect(app.console.server('modern')).toHaveAttribute('data-status', 'error');
    await expect(app.console.server('modern').getByTestId('server-error')).toContainText(
      'speaks only the 2026-07-28 era',
    );
  });
});
