import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { AuditLog } from '../../electron/core/audit/audit-log.js';
import { startServe } from '../tools/serve-process.js';
import { expect, test } from './fixtures.js';

test.describe('what the console found wrong when it started', () => {
  test('a log left open by a crash: the page says so above everything, the Audit view shows the calls closed, until dismissed', async ({
    page,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-console-e2e-'));
    // The data directory of a console that was killed with two calls open: one undecided, one approved.
    const data = join(dir, 'data');
    mkdirSync(data, { recursive: true });
    const log = new AuditLog(join(data, 'audit.jsonl'), { fsync: false });
    log.open();
    const call = (callId: string) => ({
      serverId: 'fx',
      tool: 'echo',
      callId,
      argsHash: `h-${callId}`,
      requestedBy: CONSOLE_USER,
    });
    log.append({ kind: 'call-requested', ...call('undecided') });
    log.append({ kind: 'call-requested', ...call('sent') });
    log.append({ kind: 'approved', ...call('sent'), decision: 'approve', decidedBy: 'user' });
    log.close();
    writeFileSync(join(data, 'audit.jsonl.lock'), '2147483646'); // its writer's lock, left behind
    const serve = await startServe({ mcpServers: {} }, dir);
    try {
      await page.goto(serve.url);
      const banner = page.getByTestId('start-problems');
      await expect(banner).toContainText('MCP Console started with a problem');
      await expect(page.getByTestId('start-problem')).toHaveText(
        'MCP Console stopped last time without closing its audit log, with 2 calls open: 1 had been approved and may have reached their server (outcome unknown), 1 had not been sent; each is marked "abandoned" in the log',
      );
      await page.getByTestId('tab-audit').click();
      const closed = page.locator('[data-testid="audit-entry"][data-kind="abandoned"]');
      await expect(closed).toHaveCount(2);
      await expect(banner).toBeVisible(); // above every tab
      await page.getByTestId('start-problems-dismiss').click();
      await expect(banner).toHaveCount(0);
    } finally {
      await serve.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('a page whose own script cannot load says so, instead of a blank window', async ({ page }) => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-console-e2e-'));
    const serve = await startServe({ mcpServers: {} }, dir);
    try {
      // The page starts in steps (main.tsx): the console's own modules come second; here they never arrive.
      await page.route(/\/assets\/start-[^/]*\.js$/, (route) => route.abort());
      await page.goto(serve.url);
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'load-failed');
      await expect(page.locator('#root')).toContainText('MCP Console could not start its page');
    } finally {
      await serve.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
