import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type App } from './fixtures.js';

const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
test.use({
  config: {
    mcpServers: {
      notes: { command: process.execPath, args: [NOTES] },
      'notes-next': { command: process.execPath, args: [NOTES], env: { NOTES_VERSION: '2' } },
    },
  },
});

/** Runs the open collection: its one question (the run's scope), approved once it is armed. */
async function runAll(app: App, expected: 'passed' | 'failed') {
  const page = app.console.page;
  await page.getByTestId('collection-run').click();
  const ask = page.getByTestId('run-approval');
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('run-approve')).toHaveAttribute('aria-disabled', 'false');
  await ask.getByTestId('run-approve').click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('run-result')).toHaveAttribute('data-status', expected);
}

test.describe('collections', () => {
  test.beforeEach(async ({ app }) => {
    await app.console.connect('notes');
  });

  test('save a call from its result, run it, see what changed as a diff, update the snapshot', async ({
    app,
    page,
  }) => {
    await app.console.openTool('notes', 'count');
    await app.console.callWithJson({});
    const result = app.console.lastResult();
    await expect(result).toHaveAttribute('data-status', 'ok');
    await result.getByTestId('save-to-collection').click();
    await result.getByTestId('save-new-name').fill('Notes checks');
    await result.getByTestId('save-step').click();
    await expect(result.getByTestId('saved-step')).toContainText('Saved as step count of Notes checks');

    await page.getByTestId('tab-collections').click();
    await expect(page.getByTestId('collection-detail')).toHaveAttribute('data-name', 'Notes checks');
    await expect(page.getByTestId('collection-step')).toHaveCount(1);
    // The run asks once, showing every call it will send; nothing runs before that.
    await page.getByTestId('collection-run').click();
    await expect(page.getByTestId('run-scope-step')).toContainText(['call count on notes']);
    // From another tab, the top bar says a run waits and leads back to it.
    await page.getByTestId('tab-history').click();
    await page.getByTestId('run-waiting-badge').click();
    await page.getByTestId('run-deny').click();
    await expect(page.getByTestId('run-waiting-badge')).toBeHidden();
    await expect(page.getByTestId('run-result')).toHaveAttribute('data-status', 'denied');
    await runAll(app, 'passed');

    // The server's state moves on: the same step now answers differently.
    await page.getByTestId('tab-tools').click();
    await app.console.openTool('notes', 'note_create');
    await app.console.callWithJson({ text: 'one more' });
    await expect(app.console.lastResult()).toHaveAttribute('data-status', 'ok');
    await page.getByTestId('tab-collections').click();
    await runAll(app, 'failed');
    const step = page.locator('[data-testid=run-step][data-step=count]');
    await expect(step).toHaveAttribute('data-status', 'failed');
    const changed = step.locator('[data-testid=diff-row][data-path="/structuredContent/notes"]');
    await expect(changed).toHaveAttribute('data-op', 'changed');
    await expect(changed.locator('.diff-before')).toHaveText('0');
    await expect(changed.locator('.diff-after')).toHaveText('1');

    await step.getByTestId('accept-snapshot').click();
    await expect(step.getByTestId('accept-note')).toContainText('snapshot now');
    await runAll(app, 'passed');
    // A step that held shows its answer beside its snapshot on request.
    await step.getByRole('button', { name: /count/ }).click();
    await step.getByTestId('step-answer').locator('summary').first().click();
    await expect(step.getByTestId('step-answer')).toContainText('Snapshot');
    await expect(step.getByTestId('step-answer')).toContainText('This run');
    const file = readdirSync(join(app.dataDir, 'data', 'collections')).find((f) => f.endsWith('.collection.json'))!;
    const saved = JSON.parse(readFileSync(join(app.dataDir, 'data', 'collections', file), 'utf8')) as {
      steps: Array<{ snapshot: { result: unknown } }>;
    };
    expect(saved.steps[0]!.snapshot.result).toMatchObject({ structuredContent: { notes: 1 } });
  });

  test('record a stretch of History: secrets become variables, never written', async ({ app, page }) => {
    const key = 'sk-live-' + 'w'.repeat(32);
    await app.console.openTool('notes', 'login');
    await app.console.callWithJson({ user: 'ada', apiKey: key });
    await expect(app.console.lastResult()).toHaveAttribute('data-status', 'ok');
    await app.console.openTool('notes', 'greet');
    await app.console.callWithJson({ name: 'Grace' });
    await expect(app.console.lastResult()).toHaveAttribute('data-status', 'ok');

    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-pick').nth(0).check();
    await page.getByTestId('history-pick').nth(1).check();
    const box = page.getByTestId('record-box');
    await expect(box).toBeVisible();
    // The key is marked already (the review's words for secrets); the person marks the name too.
    await expect(box.locator('[data-testid=record-secret][data-pointer="/apiKey"]')).toBeChecked();
    await expect(box.locator('[data-testid=record-secret][data-pointer="/user"]')).not.toBeChecked();
    await expect(box).not.toContainText(key);
    await box.locator('[data-testid=record-secret][data-pointer="/name"]').check();
    await box.getByTestId('record-name').fill('Sign-in journey');
    await box.getByTestId('record-calls').click();
    await expect(page.getByTestId('recorded-note')).toContainText(
      'Recorded 2 steps (login, greet) into sign-in-journey.collection.json',
    );
    await expect(page.getByTestId('recorded-note')).toContainText('LOGIN_API_KEY');
    const text = readFileSync(join(app.dataDir, 'data', 'collections', 'sign-in-journey.collection.json'), 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('Grace');
    expect(JSON.parse(text)).toMatchObject({ name: 'Sign-in journey', env: ['GREET_NAME', 'LOGIN_API_KEY'] });

    // One more call, into the same collection.
    await page.getByTestId('history-pick').nth(0).check();
    await page.getByTestId('record-into').selectOption({ label: 'into Sign-in journey' });
    await page.getByTestId('record-calls').click();
    await expect(page.getByTestId('recorded-note')).toContainText(
      'Recorded 1 step (greet-2) into sign-in-journey.collection.json',
    );

    await page.getByTestId('tab-collections').click();
    await expect(page.getByTestId('collection-item')).toHaveCount(1);
    await expect(page.getByTestId('collection-step')).toHaveCount(3);
    // Export downloads the file as kept; importing it makes a second one beside it.
    const download = page.waitForEvent('download');
    await page.getByTestId('collection-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sign-in-journey.collection.json');
    const exported = readFileSync((await file.path())!, 'utf8');
    expect(exported).toBe(
      readFileSync(join(app.dataDir, 'data', 'collections', 'sign-in-journey.collection.json'), 'utf8'),
    );
    await page
      .getByTestId('collection-import')
      .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await expect(page.getByTestId('collection-item')).toHaveCount(2);
    await page
      .getByTestId('collection-import')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"name":"x"}') });
    await expect(page.getByTestId('collections-error')).toContainText('not a valid collection');
  });

  test('run a collection against a second server and see where the answers differ', async ({ app, page }) => {
    await app.console.openTool('notes', 'greet');
    await app.console.callWithJson({ name: 'Ada' });
    const result = app.console.lastResult();
    await result.getByTestId('save-to-collection').click();
    await result.getByTestId('save-step').click();
    await expect(result.getByTestId('saved-step')).toContainText('Saved as step greet');
    await page.getByTestId('tab-collections').click();
    await page.getByTestId('collection-against').selectOption('notes-next');
    await runAll(app, 'failed');
    await expect(page.getByTestId('run-scope-step')).toHaveCount(0);
    const step = page.locator('[data-testid=run-step][data-step=greet]');
    const row = step.locator('[data-testid=diff-row][data-path="/content/0/text"]');
    await expect(row.locator('.diff-before')).toHaveText('"Hello, Ada!"');
    await expect(row.locator('.diff-after')).toHaveText('"Hi there, Ada!"');
    await expect(step.getByTestId('step-failure')).toContainText('notes-next answers differently from notes');
    await expect(step.getByTestId('step-diff').locator('th').nth(1)).toHaveText('notes');
    // The greeting is meant to change between versions: ignore its path, and the two agree.
    await row.getByTestId('diff-ignore').click();
    await expect(page.locator('[data-testid=collection-step][data-step=greet]')).toContainText('1 ignored');
    await runAll(app, 'passed');
    // Removing asks a second time, naming the file.
    await page.getByTestId('collection-remove').click();
    await page.getByTestId('collection-remove-confirm').click();
    await expect(page.getByTestId('collections-empty')).toBeVisible();
  });

  test('run a collection in one of the environments beside it; a variable it does not give is named', async ({
    app,
    page,
  }) => {
    const folder = join(app.dataDir, 'data', 'collections');
    mkdirSync(folder, { recursive: true });
    const greet = {
      name: 'Greet anywhere',
      steps: [
        {
          id: 'hi',
          call: { server: '{{server}}', tool: 'greet', arguments: { name: 'Ada' } },
          expect: { outcome: 'ok', assert: [{ path: '/content/0/text', matches: '{{greeting}}' }] },
        },
      ],
    };
    writeFileSync(join(folder, 'greet.collection.json'), JSON.stringify(greet));
    writeFileSync(
      join(folder, 'dev.env.json'),
      JSON.stringify({ values: { server: 'notes', greeting: '^Hello, Ada!$' } }),
    );
    writeFileSync(
      join(folder, 'next.env.json'),
      JSON.stringify({ values: { server: 'notes-next', greeting: '^Hi there' } }),
    );
    writeFileSync(join(folder, 'half.env.json'), JSON.stringify({ values: { server: 'notes' } }));
    await app.console.connect('notes-next');
    await page.getByTestId('tab-collections').click();
    await page.locator('[data-testid=collection-item][data-name="Greet anywhere"]').click();
    const env = page.getByTestId('collection-env');
    await expect(env.locator('option')).toHaveText(['no environment', 'in dev', 'in half', 'in next']);
    await env.selectOption('dev');
    await runAll(app, 'passed');
    await expect(page.getByTestId('run-result')).toContainText('call greet on notes ');
    await env.selectOption('next');
    await runAll(app, 'passed');
    await expect(page.getByTestId('run-result')).toContainText('call greet on notes-next');
    await env.selectOption('half');
    await page.getByTestId('collection-run').click();
    await expect(page.getByTestId('collections-error')).toContainText('{{greeting}}');
  });
});
