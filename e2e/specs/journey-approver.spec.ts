import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { test, expect, type Page } from '@playwright/test';
import { startServe, type ServeProcess } from '../tools/serve-process.js';
import { checkpoint } from '../pages/layout-check.js';
import { openArrivingCalls } from './fixtures.js';

/**
 * Journey 2, the approver: two agents (one over HTTP with the SDK client, one through the bridge),
 * calls in flight; approve, deny, put one aside, let one expire; an agent gives up mid-wait; the
 * console restarts mid-day and both agents come back with the configs they were given, their grants
 * as they were.
 */
const CONFIG = {
  mcpServers: { fx: { command: process.execPath, args: [resolve('out/node/e2e/fixtures/server.js')] } },
};
const text = (r: { content?: unknown }) =>
  ((r.content as Array<{ text?: string }>) ?? []).map((b) => b.text ?? '').join('');

interface Given {
  http: { url: string; headers: Record<string, string> };
  stdio: { command: string; args: string[] };
}

/**
 * Connects an agent in the Agents tab, as a person does; returns the Cursor (HTTP) and Claude Desktop (bridge) snippets
 * it showed.
 */
async function connectAgent(page: Page, name: string): Promise<Given> {
  await page.getByTestId('tab-agents').click();
  await page.getByTestId('agent-connect').click();
  await page.getByTestId('agent-name').fill(name);
  await page.locator('[data-testid=agent-server-option][data-server=fx]').check();
  await page.getByTestId('agent-create').click();
  await expect(page.getByTestId('agent-created')).toHaveAttribute('data-agent', name);
  const snippet = async (host: string) =>
    JSON.parse((await page.locator(`[data-testid=agent-snippet][data-host="${host}"] pre`).textContent())!);
  const given = {
    http: (await snippet('Cursor')).mcpServers[`mcp-console-${name}`],
    stdio: (await snippet('Claude Desktop')).mcpServers[`mcp-console-${name}`],
  };
  await page.getByRole('button', { name: 'Done' }).click();
  return given;
}

/** An agent host: the SDK client over HTTP, or over stdio through the bridge, exactly as configured. */
async function overHttp(g: Given): Promise<Client> {
  const c = new Client({ name: 'http-host', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
  await c.connect(new StreamableHTTPClientTransport(new URL(g.http.url), { requestInit: { headers: g.http.headers } }));
  return c;
}
async function overBridge(g: Given): Promise<Client> {
  const c = new Client({ name: 'desktop-host', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
  await c.connect(new StdioClientTransport({ command: g.stdio.command, args: g.stdio.args, stderr: 'ignore' }));
  return c;
}

async function open(page: Page, serve: ServeProcess): Promise<void> {
  // The approver asked for every arriving call to open its dialog (Settings): the queue and the dialog are followed.
  await page.addInitScript(openArrivingCalls);
  await page.goto(serve.url);
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
  const fx = page.locator('[data-testid=server-item][data-server=fx]');
  if (await fx.getByTestId('connect').count()) await fx.getByTestId('connect').click();
  await expect(fx).toHaveAttribute('data-status', 'connected');
}

let dir: string;
test.beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'mcp-console-approver-'))));
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('an approver through a day with two agents, a restart in the middle', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  let serve = await startServe(CONFIG, dir);
  const clients: Client[] = [];
  try {
    await open(page, serve);
    const claude = await connectAgent(page, 'claude');
    const cursor = await connectAgent(page, 'cursor');
    const http = await overHttp(claude);
    const bridge = await overBridge(cursor);
    clients.push(http, bridge);
    const items = page.getByTestId('approval-queue').getByTestId('approval-item');
    const dialog = page.getByTestId('approval-dialog');

    // Three calls in flight, one after the other.
    const one = http.callTool({ name: 'fx.echo', arguments: { message: 'one' } });
    await expect(dialog).toHaveAttribute('data-agent', 'claude');
    const two = http.callTool({ name: 'fx.echo', arguments: { message: 'two' } });
    await expect(items).toHaveCount(2);
    const three = bridge.callTool({ name: 'fx.echo', arguments: { message: 'three' } });
    await expect(items).toHaveCount(3);
    await expect(page.getByTestId('approval-badge')).toHaveText('3 waiting for approval');
    await expect(items.nth(2)).toHaveAttribute('data-agent', 'cursor');
    await checkpoint(page, 'approver-1-three-waiting');

    // "one" is put aside: the dialog moves to "two", which is denied from the queue with a selection.
    await expect(page.getByTestId('approval-args')).toContainText('"one"');
    await dialog.getByTestId('approval-later').click();
    await expect(page.getByTestId('approval-args')).toContainText('"two"');
    await items.filter({ hasText: '"two"' }).getByTestId('approval-select').check();
    await page.getByTestId('approval-deny-selected').click();
    const denied = await two;
    expect(denied.isError).toBe(true);
    expect(text(denied)).toMatch(/denied/);

    // cursor's call, opened from the queue out of turn, always allowed.
    await expect(items).toHaveCount(2);
    await items.nth(1).getByTestId('approval-open').click();
    await expect(dialog).toHaveAttribute('data-agent', 'cursor');
    await expect(dialog).toHaveAttribute('data-armed', 'true');
    await dialog.getByTestId('approve-always').click();
    expect(text(await three)).toContain('three');

    // Only "one" waits, aside: no dialog, the console is usable.
    await expect(dialog).toBeHidden();
    await page.getByTestId('tab-history').click();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await checkpoint(page, 'approver-2-one-aside-console-usable');
    // Back to it from the badge, by keyboard: open, arm, allow.
    await page.getByTestId('approval-badge').click();
    await items.first().getByTestId('approval-open').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('approval-args')).toContainText('"one"');
    await expect(dialog).toHaveAttribute('data-armed', 'true');
    await dialog.getByTestId('approve-once').focus();
    await page.keyboard.press('Enter');
    expect(text(await one)).toContain('one');
    await expect(page.getByTestId('approval-queue')).toHaveCount(0);

    // One expires: the approval timeout lowered in Settings; the call put aside runs out.
    await page.getByTestId('tab-settings').click();
    await page.getByTestId('settings-approval-timeout').fill('3');
    await page.getByTestId('settings-approval-save').click();
    await expect(page.getByTestId('settings-timeouts-note')).toHaveText('calls now wait 3 s for a decision');
    const late = http.callTool({ name: 'fx.echo', arguments: { message: 'late' } });
    await dialog.getByTestId('approval-later').click();
    const expired = await late;
    expect(expired.isError).toBe(true);
    expect(text(expired)).toMatch(/expired/);
    await expect(page.getByTestId('approval-badge')).toHaveCount(0);
    await page.getByTestId('settings-approval-timeout').fill('600');
    await page.getByTestId('settings-approval-save').click();
    await expect(page.getByTestId('settings-timeouts-note')).toHaveText('calls now wait 600 s for a decision');

    // An agent gives up mid-wait (its own 1.5 s timeout): the call is withdrawn, never run.
    const gaveUp = http.callTool({ name: 'fx.echo', arguments: { message: 'gave up' } }, { timeout: 1500 });
    await expect(dialog).toHaveAttribute('data-agent', 'claude');
    await expect(gaveUp).rejects.toThrow(/timed out|timeout/i);
    await expect(dialog).toBeHidden();
    await page.getByTestId('tab-audit').click();
    await expect(
      page.locator('[data-testid=audit-entry]', { hasText: 'withdrawn by agent claude' }).first(),
    ).toBeVisible();
    await checkpoint(page, 'approver-3-withdrawn-in-audit');

    // Restart mid-day: same data, same config. Both agents come back as they were configured.
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    await serve.stop();
    serve = await startServe(CONFIG, dir);
    await open(page, serve);
    const http2 = await overHttp(claude);
    const bridge2 = await overBridge(cursor);
    clients.push(http2, bridge2);
    // cursor's standing grant held: no dialog.
    expect(
      text(await bridge2.callTool({ name: 'fx.echo', arguments: { message: 'after restart, granted' } })),
    ).toContain('after restart, granted');
    // claude has none: the person is asked again.
    const again = http2.callTool({ name: 'fx.echo', arguments: { message: 'after restart' } });
    await expect(dialog).toHaveAttribute('data-agent', 'claude');
    await expect(dialog).toHaveAttribute('data-armed', 'true');
    await dialog.getByTestId('approve-once').click();
    expect(text(await again)).toContain('after restart');
    await page.getByTestId('tab-agents').click();
    await expect(page.locator('[data-testid=grant-row][data-agent=cursor][data-tool=echo]')).toHaveAttribute(
      'data-scope',
      'always',
    );
    await checkpoint(page, 'approver-4-after-restart');
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await serve.stop();
  }
});
