import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { eventNames, requestNames } from '../../shared/contract/index.js';
import { FIXTURE } from './fixtures.js';
import { findElectron } from '../../electron/launch/start.js';

// Found without requiring the package (which would try to download the binary).
const bin = findElectron(resolve('.'));
const reason =
  'the Electron binary is not on this machine (it cannot be downloaded here); the desktop app is tested where it exists';

test.describe('the desktop app', () => {
  test.skip(!bin, reason);

  test('opens a hardened window and runs the main flow', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-console-electron-'));
    const config = join(dir, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
    const app = await electron.launch({
      executablePath: bin!,
      args: [resolve('.'), '--data-dir', join(dir, 'data'), '--config', config, '--no-sandbox'],
    });
    try {
      const page = await app.firstWindow();
      await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
      expect(
        await page.evaluate(() => [
          typeof (globalThis as { require?: unknown }).require,
          typeof (globalThis as { process?: unknown }).process,
        ]),
      ).toEqual(['undefined', 'undefined']);
      const api = await page.evaluate(() => {
        const b = (window as unknown as { mcpConsole: { requests: object; events: object } }).mcpConsole;
        return { top: Object.keys(b), requests: Object.keys(b.requests), events: Object.keys(b.events) };
      });
      expect(api).toEqual({ top: ['requests', 'events'], requests: requestNames, events: eventNames });
      const windows = app.windows().length;
      await page.evaluate(() => window.open('https://example.com'));
      expect(app.windows().length).toBe(windows);
      await page.locator('[data-server=fx] [data-testid=connect]').click();
      await expect(page.locator('[data-server=fx]')).toHaveAttribute('data-status', 'connected');
      await page.getByTestId('tool-search').fill('echo');
      await page.locator('[data-testid=tool-item][data-tool=echo]').click();
      await page.getByTestId('call-button').click();
      const dialog = page.getByTestId('approval-dialog');
      await expect(dialog).toHaveAttribute('data-armed', 'true');
      await dialog.getByTestId('approve-once').click();
      await expect(page.getByTestId('call-result').first()).toHaveAttribute('data-status', 'ok');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
