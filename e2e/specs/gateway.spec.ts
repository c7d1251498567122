import { test, expect, rpc, agent, connectAgentInPage, text } from './fixtures.js';

test('an agent connected in the page calls through the gateway: approved, denied, always allowed, each by a click', async ({
  app,
}) => {
  const page = app.console.page;
  const { token, url } = await connectAgentInPage(app, 'claude');
  expect(token).toMatch(/^mcpc_agent_/);
  expect((await rpc(app, 'agents.gateway', {})).value).toMatchObject({ httpUrl: url });
  // One snippet per host, with what that host needs.
  const snippets = page.getByTestId('agent-snippet');
  await expect(snippets).toHaveCount(4);
  await expect(page.locator('[data-testid=agent-snippet][data-host="Cursor"]')).toContainText(token);
  await expect(page.locator('[data-testid=agent-snippet][data-host="Claude Desktop"]')).toContainText(
    '"--agent",\n        "claude"',
  );
  await expect(page.locator('[data-testid=agent-row][data-agent="claude"]')).toHaveAttribute('data-state', 'active');

  const row = page.locator('[data-testid=agent-row][data-agent="claude"]');
  await expect(row.getByTestId('agent-last-seen')).toHaveCount(0);
  const c = await agent(url, token);
  expect((await c.listTools()).tools.map((t) => t.name)).toContain('fx.echo');
  // The row says the agent came, without reloading the page.
  await expect(row.getByTestId('agent-last-seen')).toHaveText(/^ · last seen \d\d:\d\d:\d\d$/);
  // Granted one more server in the page: the agent sees its tools too.
  await page.locator('[data-testid=agent-row][data-agent="claude"]').getByTestId('agent-edit-servers').click();
  const toggle = page.locator('[data-testid=agent-server-toggle][data-server="everything"]');
  await toggle.click(); // the box shows what the core holds: checked once the change is in
  await expect(toggle).toBeChecked();
  await expect
    .poll(async () => (await c.listTools()).tools.some((t) => t.name.startsWith('everything.')), { timeout: 15_000 })
    .toBe(true);

  // Approved by a click: the dialog names the agent and shows the exact arguments.
  const first = c.callTool({ name: 'fx.echo', arguments: { message: 'from the agent' } });
  await expect(app.console.dialog).toHaveAttribute('data-agent', 'claude');
  await expect(page.getByTestId('approval-requester')).toHaveAttribute('data-kind', 'agent');
  await expect(page.getByTestId('approval-args')).toContainText('"message": "from the agent"');
  await expect(page).toHaveTitle(/^\(1\) MCP Console/);
  await app.console.approveOnce();
  expect(text(await first)).toContain('from the agent');
  await expect(page).toHaveTitle('MCP Console');

  // Denied by a click: a tool error for the agent, never a success.
  const second = c.callTool({ name: 'fx.echo', arguments: { message: 'no' } });
  await expect(app.console.dialog).toBeVisible();
  await app.console.dialog.getByTestId('deny').click();
  const denied = await second;
  expect(denied.isError).toBe(true);
  expect(text(denied)).toMatch(/denied/);

  // Always allowed: the next call needs no click, and the grant is listed, bound to the definition, revocable.
  const third = c.callTool({ name: 'fx.echo', arguments: { message: 'three' } });
  await app.console.armed();
  await app.console.dialog.getByTestId('approve-always').click();
  expect(text(await third)).toContain('three');
  expect(text(await c.callTool({ name: 'fx.echo', arguments: { message: 'four' } }))).toContain('four');
  const grant = page.locator('[data-testid=grant-row][data-agent="claude"][data-tool="echo"]');
  await expect(grant).toHaveAttribute('data-scope', 'always');
  await expect(grant).toContainText('used 1×');
  await grant.getByTestId('grant-revoke').click();
  await expect(grant).toHaveCount(0);

  // The history shows who asked, and filters by it.
  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-requester-filter').selectOption('agent:claude');
  await expect(page.getByTestId('history-row')).toHaveCount(4);
  await expect(page.getByTestId('history-requester').first()).toHaveText('agent "claude"');
  await page.getByTestId('tab-agents').click();

  // Revoked in the page: the token is refused at once.
  await page.locator('[data-testid=agent-row][data-agent="claude"]').getByTestId('agent-revoke').click();
  await expect(page.locator('[data-testid=agent-row][data-agent="claude"]')).toHaveAttribute('data-state', 'revoked');
  await expect(c.listTools()).rejects.toThrow(/unknown or was revoked/);
});

test('an approval nobody gives expires: the dialog goes and the agent gets a tool error saying so', async ({ app }) => {
  const { token, url } = await connectAgentInPage(app, 'ci');
  expect((await rpc(app, 'settings.update', { approvalTimeoutMs: 3000 })).ok).toBe(true);
  const c = await agent(url, token);
  const call = c.callTool({ name: 'fx.echo', arguments: { message: 'late' } });
  await expect(app.console.dialog).toBeVisible();
  const r = await call;
  expect(r.isError).toBe(true);
  expect(text(r)).toMatch(/before its approval expired/);
  await expect(app.console.dialog).toBeHidden();
});
