import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, rpc, test } from './fixtures.js';

/** A remote MCP server behind a real authorization server (oidc-provider), started for each test. */
async function startGuarded(): Promise<{ mcp: string; issuer: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [resolve('out/node/e2e/fixtures/oauth-server.js')], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((r) => createInterface({ input: child.stdout! }).once('line', r));
  return { ...(JSON.parse(line) as { mcp: string; issuer: string }), child };
}

test.describe('sign-in to a server behind OAuth', () => {
  test('the page shows the whole address and its host, opens it only when asked; the person signs in at the authorization server; the server connects and the auth debugger shows each step', async ({
    app,
    page,
    context,
  }) => {
    const guarded = await startGuarded();
    // oidc-provider's development pages load a web font; this machine has no route to it.
    await context.route('https://fonts.googleapis.com/**', (r) => r.abort());
    try {
      expect((await rpc(app, 'servers.add', { id: 'guarded', config: { type: 'http', url: guarded.mcp } })).ok).toBe(
        true,
      );
      const c = app.console;
      await c.server('guarded').getByTestId('connect').click();
      const dialog = page.getByTestId('sign-in-dialog');
      await expect(dialog).toHaveAttribute('data-server', 'guarded');
      await expect(dialog.getByTestId('sign-in-host')).toHaveText(new URL(guarded.issuer).host);
      const shown = (await dialog.getByTestId('sign-in-url').textContent()) ?? '';
      expect(shown.startsWith(`${guarded.issuer}/auth?`)).toBe(true);
      expect(new URL(shown).searchParams.get('code_challenge_method')).toBe('S256');
      // Nothing has opened yet: only this page is in the browser.
      expect(context.pages()).toHaveLength(1);
      const popup = context.waitForEvent('page');
      await expect(dialog.getByTestId('sign-in-open')).not.toHaveClass(/unarmed/);
      await dialog.getByTestId('sign-in-open').click();
      const signIn = await popup;
      // oidc-provider's own login and consent pages, as a person uses them.
      await signIn.locator('input[name=login]').fill('ada');
      await signIn.locator('input[name=password]').fill('any');
      await signIn.locator('button[type=submit]').click();
      await signIn.locator('button[type=submit]').click();
      await expect(signIn.locator('body')).toContainText('MCP Console received the answer');
      await expect(dialog).toBeHidden();
      await expect(c.server('guarded')).toHaveAttribute('data-status', 'connected');
      await c.openTool('guarded', 'whoami');
      await c.callWithJson({});
      await expect(c.lastResult()).toContainText('signed in as ada');
      await page.getByTestId('tab-auth').click();
      await expect(page.getByTestId('auth-state')).toHaveAttribute('data-signed-in', 'true');
      await expect(page.getByTestId('auth-issuer')).toHaveText(guarded.issuer);
      for (const step of [
        'challenge',
        'resource-metadata',
        'server-metadata',
        'registration',
        'authorization',
        'token',
      ])
        await expect(page.locator(`[data-testid=auth-step][data-step=${step}]`).first()).toBeVisible();
      // The token response is shown, its secrets redacted.
      const token = page.locator('[data-testid=auth-step][data-step=token]').first();
      await token.locator('summary').click();
      await expect(token).toContainText('"access_token":"‹redacted›"');
      await page.getByTestId('auth-sign-out').click();
      await expect(page.getByTestId('auth-state')).toHaveAttribute('data-signed-in', 'false');
      await expect(page.locator('[data-testid=auth-step][data-step=revocation]').first()).toBeVisible();
      await page.getByTestId('tab-audit').click();
      await expect(page.locator('[data-testid=audit-entry][data-kind=auth-signed-in]')).toHaveCount(1);
      await expect(page.locator('[data-testid=audit-entry][data-kind=auth-signed-out]')).toHaveCount(1);
    } finally {
      guarded.child.kill();
    }
  });

  test('Cancel in the sign-in dialog ends the connection attempt with the reason, and nothing was opened', async ({
    app,
    page,
    context,
  }) => {
    const guarded = await startGuarded();
    try {
      expect((await rpc(app, 'servers.add', { id: 'guarded', config: { type: 'http', url: guarded.mcp } })).ok).toBe(
        true,
      );
      await app.console.server('guarded').getByTestId('connect').click();
      const dialog = page.getByTestId('sign-in-dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('sign-in-cancel').click();
      await expect(dialog).toBeHidden();
      await expect(app.console.server('guarded')).toHaveAttribute('data-status', 'error');
      await expect(app.console.server('guarded')).toContainText('cancelled');
      expect(context.pages()).toHaveLength(1);
    } finally {
      guarded.child.kill();
    }
  });
});
