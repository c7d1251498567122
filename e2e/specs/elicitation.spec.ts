import { expect, FIXTURE, test } from './fixtures.js';

test.describe('elicitation: a server asks the person', () => {
  test('a form question from server-everything: who asks and why, a form from its schema, a wrong answer refused, the right one sent', async ({
    app,
    page,
  }) => {
    const c = app.console;
    // The smallest window the console is made for: the form is longer than the window.
    await page.setViewportSize({ width: 1024, height: 768 });
    await c.connect('everything');
    await c.openTool('everything', 'trigger-elicitation-request');
    await c.callWithJson({});
    const q = page.getByTestId('elicitation-dialog');
    await expect(q).toHaveAttribute('data-server', 'everything');
    // Who asks, during what, and what, stay in view above the form; the answers below it (focus on Cancel moves
    // nothing).
    const inView = [
      q.getByRole('heading', { name: 'asks you' }),
      q.getByTestId('elicitation-during'),
      q.getByTestId('elicitation-message'),
    ];
    for (const part of [...inView, q.getByTestId('elicitation-cancel'), q.getByTestId('elicitation-accept')])
      await expect(part).toBeInViewport({ ratio: 1 });
    await expect(q.getByTestId('elicitation-cancel')).toBeFocused();
    await expect(q).toHaveAttribute('data-mode', 'form');
    await expect(q.getByTestId('elicitation-during')).toHaveText('trigger-elicitation-request');
    await expect(q.getByTestId('elicitation-message')).toContainText('Please provide inputs');
    const form = q.getByTestId('elicitation-form');
    // The schema's default is shown in the form, where the person sees it before sending.
    await expect(form.getByLabel('String with default')).toHaveValue('It was a dark and stormy night.');
    // What each field is held to is said under it; the asterisk of a required field is explained.
    await expect(q.getByTestId('form-required-legend')).toHaveText('* required');
    await expect(form).toContainText('an email address');
    // The schema's range, not the title's ("Number in range 1-1000" allows 0).
    await expect(form).toContainText('from 0 to 1000');
    await expect(form).toContainText('a whole number from 1 to 100');
    await expect(q.getByTestId('elicitation-filled')).toHaveText(
      'Esc cancels · the values the server suggested are filled in: check them before sending',
    );
    await expect(q).toHaveAttribute('data-armed', 'true');
    await q.getByTestId('elicitation-accept').click();
    // The name is required: the core refuses, the question stays.
    await expect(q.getByTestId('elicitation-error')).toHaveText(
      'the answer does not fit what the server asked: "String" (name) is required',
    );
    await expect(q.getByTestId('elicitation-error')).toBeInViewport({ ratio: 1 });
    for (const part of inView) await expect(part).toBeInViewport({ ratio: 1 });
    await form.locator('#root_name').fill('Ada Lovelace');
    // Every kind of choice the 2025-11-25 schema allows is drawn: nothing "unsupported", legacy
    // enumNames shown by name, titled and untitled multi-selects as check boxes.
    await expect(form).not.toContainText('Unsupported');
    await expect(form.locator('#root_legacyTitledEnum option')).toHaveText([
      'Cats',
      'Dogs',
      'Birds',
      'Fish',
      'Reptiles',
    ]);
    await form.locator('#root_legacyTitledEnum').selectOption({ label: 'Dogs' });
    await expect(form.getByRole('checkbox', { name: 'Tuna' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Salmon' }).check();
    await form.getByRole('checkbox', { name: 'Piano' }).check();
    await q.getByTestId('elicitation-accept').click();
    await expect(q).toBeHidden();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await expect(c.lastResult()).toContainText('Ada Lovelace');
    // The values sent are the schema's own (pet-2, fish-2), not the names shown.
    const raw = c.lastResult();
    await expect(raw).toContainText('"legacyTitledEnum": "pet-2"');
    await expect(raw).toContainText(/"titledMultipleSelectEnum": \[\s*"fish-1",\s*"fish-2"\s*\]/);
    await expect(raw).toContainText(/"untitledMultipleSelectEnum": \[\s*"Guitar",\s*"Piano"\s*\]/);
    await page.getByTestId('tab-audit').click();
    await expect(page.locator('[data-testid=audit-entry][data-kind=elicitation-answered]')).toHaveCount(1);
  });

  test('a URL question shows the whole URL and the host it really goes to, and does not offer to open a deceptive one', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('everything');
    await c.openTool('everything', 'trigger-url-elicitation');
    await c.callWithJson({ url: 'https://bank.example@evil.example/login', message: 'Sign in to continue' });
    const q = page.getByTestId('elicitation-dialog');
    await expect(q).toHaveAttribute('data-mode', 'url');
    await expect(q.getByTestId('elicitation-url')).toHaveText('https://bank.example@evil.example/login');
    await expect(q.getByTestId('elicitation-filled')).toHaveText('Esc cancels · nothing is filled in for you');
    await expect(q.getByTestId('elicitation-host')).toHaveText('evil.example');
    await expect(q.getByTestId('elicitation-url-problem')).toContainText('user name or password');
    await expect(q.getByTestId('elicitation-accept')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(q).toBeHidden();
    await expect(c.lastResult()).not.toHaveAttribute('data-status', 'running');
  });
});

test.describe('sampling (deprecated): a person writes the reply', () => {
  test('the dialog shows the conversation the server sent, says no model is called, and the reply reaches the server', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('everything');
    await c.openTool('everything', 'trigger-sampling-request');
    await c.callWithJson({ prompt: 'Name a colour', maxTokens: 20 });
    const q = page.getByTestId('elicitation-dialog');
    await expect(q).toHaveAttribute('data-kind', 'sampling');
    await expect(q.getByTestId('sampling-deprecated')).toContainText('calls no model');
    await expect(q.getByTestId('sampling-conversation')).toContainText('Name a colour');
    await expect(q).toHaveAttribute('data-armed', 'true');
    await q.getByTestId('elicitation-form').locator('#root_text').fill('Teal');
    await q.getByTestId('elicitation-accept').click();
    await expect(q).toBeHidden();
    await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
    await expect(c.lastResult()).toContainText('Teal');
  });

  test('roots are set per server in its form (none by default) and saved with it', async ({ app, page }) => {
    await app.console.server('fx').getByRole('button', { name: 'fx' }).click();
    await app.console.server('fx').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('server-form');
    await expect(form.getByTestId('roots-input')).toHaveValue('');
    await form.getByTestId('roots-input').fill('file:///tmp/project');
    await page.getByTestId('save-server').click();
    await app.console.server('fx').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('server-form').getByTestId('roots-input')).toHaveValue('file:///tmp/project');
  });
});

test.describe('a URL question the server says is done', () => {
  test.use({
    config: { mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_URL_ELICIT: '1' } } } },
  });

  test('opened only after the person confirms the whole URL; the server’s "done" is shown as a notice', async ({
    app,
    page,
    context,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'sign_in');
    await c.callWithJson({});
    const q = page.getByTestId('elicitation-dialog');
    await expect(q.getByTestId('elicitation-host')).toHaveText('auth.example');
    await expect(q).toHaveAttribute('data-armed', 'true');
    // The page opens it without an opener: the new tab is the browser's, not ours (it leads nowhere here).
    context.once('page', (p) => void p.close().catch(() => undefined));
    await q.getByTestId('elicitation-accept').click();
    // The page's own question, with the whole address: nothing opens before the person says so.
    const ask = page.getByTestId('link-confirm');
    await expect(ask.getByTestId('link-confirm-url')).toHaveText('https://auth.example/sign-in?session=1');
    await expect(ask.getByTestId('link-confirm-host')).toHaveText('auth.example');
    await expect(ask).toHaveAttribute('data-armed', 'true');
    await ask.getByTestId('link-confirm-open').click();
    await expect(ask).toBeHidden();
    await expect(c.lastResult()).toContainText('sign-in accept');
    await expect(page.getByTestId('elicitation-complete')).toContainText('auth.example is done');
  });
});
