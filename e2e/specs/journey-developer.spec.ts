import { test, expect, FIXTURE, EVERYTHING } from './fixtures.js';
import { checkpoint } from '../pages/layout-check.js';

/**
 * Journey 1, a server developer: a Claude Desktop config imported, three servers connected (one over
 * Streamable HTTP), tools called through forms with nested objects and arrays, resources and a
 * template read, a prompt got, an elicitation and a sampling request answered, the trace followed,
 * a call made again from the history.
 */
test.use({ config: { mcpServers: {} } });

test('a server developer from an imported config to a call made again', async ({ app, page, modern }) => {
  test.setTimeout(180_000);
  const c = app.console;
  await page.setViewportSize({ width: 1440, height: 900 });

  // The Claude Desktop config, pasted as it is in claude_desktop_config.json; each command line is confirmed at the
  // terminal.
  const desktop = {
    mcpServers: {
      fx: { command: process.execPath, args: [FIXTURE] },
      everything: { command: process.execPath, args: [EVERYTHING] },
      remote: { type: 'http', url: modern },
    },
  };
  await page.getByTestId('import-servers').click();
  await page.getByTestId('import-text').fill(JSON.stringify(desktop, null, 2));
  await page.getByTestId('import-run').click();
  await expect(page.getByRole('status')).toContainText('Added 3: fx, everything, remote');
  await page.keyboard.press('Escape');
  for (const id of ['fx', 'everything']) {
    await c.server(id).getByTestId('connect').click();
    expect(await app.answerConsent(true)).toContain(process.execPath);
    await expect(c.server(id)).toHaveAttribute('data-status', 'connected');
  }
  await c.connect('remote');
  await expect(c.server('remote')).toContainText('http');
  await checkpoint(page, 'developer-1-three-servers');

  // A form with nested objects and arrays (fx), and a tool of the HTTP server.
  await c.openTool('fx', 'form_kitchen_sink');
  const form = page.getByTestId('tool-form');
  await form.getByLabel('name').fill('Ada');
  await form.getByRole('button', { name: '+ Add' }).click();
  await form.locator('input[id^="root_tags_0"]').fill('one');
  await form.getByRole('button', { name: '+ Add' }).click();
  await form.locator('input[id^="root_tags_1"]').fill('two');
  await form.getByLabel('x').fill('1.5');
  await form.getByLabel('y').fill('-2');
  await form.getByLabel('verbose').check();
  await page.getByTestId('call-button').click();
  expect(JSON.parse(await c.dialog.getByTestId('approval-args').innerText())).toEqual({
    name: 'Ada',
    count: 3,
    tags: ['one', 'two'],
    origin: { x: 1.5, y: -2 },
    options: { verbose: true },
  });
  await checkpoint(page, 'developer-2-approval-of-a-nested-form');
  await c.approveOnce();
  await expect(c.lastResult()).toHaveAttribute('data-status', 'ok');
  await c.openTool('remote', 'add');
  await page.getByTestId('tool-form').getByLabel('a').fill('2');
  await page.getByTestId('tool-form').getByLabel('b').fill('40');
  await page.getByTestId('call-button').click();
  await c.approveOnce();
  await expect(c.lastResult()).toContainText('42');

  // Resources: one read, a template filled and read.
  await page.getByTestId('tab-resources').click();
  await page.locator('[data-testid=resource-item][data-uri="fixture://text/1"]').click();
  await expect(page.getByTestId('resource-contents')).toContainText('hello notes');
  await page.locator('[data-testid=open-template][data-template="demo://resource/dynamic/text/{resourceId}"]').click();
  await page.locator('[data-testid=template-var][data-var=resourceId]').fill('7');
  await page.getByTestId('template-read').click();
  await expect(page.getByTestId('resource-contents')).toHaveAttribute('data-uri', 'demo://resource/dynamic/text/7');
  await checkpoint(page, 'developer-3-template-read');

  // A prompt.
  await page.getByTestId('tab-prompts').click();
  await page.locator('[data-testid=prompt-item][data-name=args-prompt]').click();
  await page.locator('[data-testid=prompt-arg][data-arg=city]').fill('Lisbon');
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-message').first()).toContainText('Lisbon');

  // The server asks the person: an elicitation, then a sampling request.
  await c.openTool('everything', 'trigger-elicitation-request');
  await c.callWithJson({}, false);
  await c.approveOnce();
  const q = page.getByTestId('elicitation-dialog');
  await expect(q).toHaveAttribute('data-mode', 'form');
  await q.getByTestId('elicitation-form').locator('#root_name').fill('Ada Lovelace');
  await expect(q).toHaveAttribute('data-armed', 'true');
  await checkpoint(page, 'developer-4-elicitation');
  await q.getByTestId('elicitation-accept').click();
  await expect(c.lastResult()).toContainText('Ada Lovelace');
  await c.openTool('everything', 'trigger-sampling-request');
  await c.callWithJson({ prompt: 'Name a colour', maxTokens: 20 });
  await expect(q).toHaveAttribute('data-kind', 'sampling');
  await expect(q).toHaveAttribute('data-armed', 'true');
  await q.getByTestId('elicitation-form').locator('#root_text').fill('Teal');
  await q.getByTestId('elicitation-accept').click();
  await expect(c.lastResult()).toContainText('Teal');

  // The trace: the server's question, and the console's answer to it labelled as the answer it was.
  await page.getByTestId('tab-trace').click();
  await page.getByTestId('trace-server').selectOption('everything');
  await page.getByTestId('trace-filter').fill('elicitation/create');
  await expect(
    page.locator('[data-testid=trace-row][data-dir=in][data-kind=request][data-method="elicitation/create"]'),
  ).toHaveCount(1);
  const answer = page.locator('[data-testid=trace-row][data-dir=out][data-method="elicitation/create"]');
  await expect(answer).toHaveAttribute('data-kind', 'response');
  await answer.click();
  await expect(page.getByTestId('trace-detail')).toContainText('"action": "accept"');
  await checkpoint(page, 'developer-5-trace');

  // Again from the history: the same arguments, through a new approval.
  await page.getByTestId('tab-history').click();
  const row = page.locator('[data-testid=history-row]', { hasText: 'form_kitchen_sink' });
  await row.getByTestId('call-again').click();
  expect(JSON.parse(await c.dialog.getByTestId('approval-args').innerText())).toMatchObject({
    tags: ['one', 'two'],
    origin: { x: 1.5, y: -2 },
  });
  await c.approveOnce();
  await expect(page.locator('[data-testid=history-row]', { hasText: 'form_kitchen_sink' })).toHaveCount(2);
  await checkpoint(page, 'developer-6-history');
});
