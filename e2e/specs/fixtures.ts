import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { ConsolePage } from '../pages/console-page.js';
import { startServe } from '../tools/serve-process.js';

export const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
export const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

export interface App {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  console: ConsolePage;
  /** Answers the consent question serve asks on its terminal; resolves with the question. */
  answerConsent(allow: boolean): Promise<string>;
}

/** The servers every test starts with: our fixture (stdio) and the reference server (stdio). */
export const DEFAULT_CONFIG = {
  mcpServers: {
    fx: { command: process.execPath, args: [FIXTURE] },
    everything: { command: process.execPath, args: [EVERYTHING] },
  },
};

/** Starts a fixture server that prints "listening on <url>"; its MCP endpoint URL, and how to stop it. */
export async function listening(script: string, args: string[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((ok, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(d.toString());
      if (m) ok(`${m[1]!}/mcp`);
    });
    child.once('exit', () => fail(new Error(`${script} exited before it listened`)));
  });
  return { url, stop: () => child.kill() };
}

export const test = base.extend<{
  config: object;
  policy: object | null;
  serveArgs: string[];
  app: App;
  modern: string;
}>({
  /** Our modern-only server (2026-07-28, Streamable HTTP), started for the test; its MCP endpoint URL. */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads dependencies from it; there are none
  modern: async ({}, use) => {
    const s = await listening(resolve('out/node/e2e/fixtures/modern-server.js'), ['--port', '0']);
    try {
      await use(s.url);
    } finally {
      s.stop();
    }
  },
  config: [DEFAULT_CONFIG, { option: true }],
  /** An organisation's policy file: written to `policy.json` in the test's folder and named with --policy. */
  policy: [null, { option: true }],
  /** More flags for `serve` (audit shipping's, say). */
  serveArgs: [[], { option: true }],
  app: async ({ page, config, policy, serveArgs }, use, testInfo) => {
    // Whatever a test did, the page threw nothing it did not catch (Monaco's once did, on every second editor).
    const thrown: string[] = [];
    page.on('pageerror', (e) => thrown.push(e.message));
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-e2e-'));
    if (policy) writeFileSync(join(dataDir, 'policy.json'), JSON.stringify(policy));
    const { url, stop, answerConsent, said } = await startServe(config, dataDir, [
      ...(policy ? ['--policy', join(dataDir, 'policy.json')] : []),
      ...serveArgs,
    ]);
    const u = new URL(url);
    const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
    // These specs follow a call through its dialog: every arriving call opens it (the setting; person-day.spec.ts
    // follows the default, where an agent's call waits in the queue).
    await page.addInitScript(openArrivingCalls);
    await page.goto(url);
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    await use({ url, origin: u.origin, token, dataDir, console: new ConsolePage(page), answerConsent });
    // Read before serve stops: a page whose console went away may fail to fetch a script (Monaco's worker, say).
    const uncaught = [...thrown];
    // A failed test says what its console said (a console that went away mid-test is found only this way).
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('serve', { body: said(), contentType: 'text/plain' });
      console.error(`[${testInfo.title}] ${said().slice(-3000)}`);
    }
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(uncaught, 'errors the page did not catch').toEqual([]);
  },
});

export { expect, type Page };

/** The Settings choice that opens every arriving call's dialog at once, made before the page's script runs. */
export function openArrivingCalls(): void {
  // Run in every frame: only the console's own page holds the setting (a view's sandboxed frame has no storage).
  if (window !== window.top) return;
  localStorage.setItem('mcp-console.calls-open-themselves', 'yes');
}

/** Sends one contract request over the WebSocket, as a second front end would. */
export async function rpc(
  app: App,
  method: string,
  params: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  const { WebSocket } = await import('ws');
  const ws = new WebSocket(`${app.origin.replace('http', 'ws')}/ws?token=${app.token}`, {
    headers: { Origin: app.origin },
  });
  await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
  try {
    return await new Promise((r) => {
      ws.on('message', (d, isBinary) => {
        // Long messages come in binary parts (shared/preload-api.ts); the replies waited for here are short.
        if (isBinary) return;
        const m = JSON.parse(d.toString());
        if (m.id === 1) r(m.reply);
      });
      ws.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    ws.close();
  }
}

/**
 * Adds our modern-only fixture (the `modern` fixture's URL) as server `modern`, through the contract, and connects it
 * in the page.
 */
export async function connectModern(app: App, url: string): Promise<void> {
  expect((await rpc(app, 'servers.add', { id: 'modern', config: { type: 'http', url } })).ok).toBe(true);
  await app.console.connect('modern');
}

/** An SDK client as the agent, on the endpoint the page shows. */
export async function agent(url: string, token: string): Promise<Client> {
  const c = new Client({ name: 'playwright-agent', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
  await c.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return c;
}

export const text = (r: { content?: unknown }) =>
  ((r.content as Array<{ text?: string }>) ?? []).map((b) => b.text ?? '').join('');

export async function connectAgentInPage(app: App, name: string): Promise<{ token: string; url: string }> {
  const page = app.console.page;
  await page.getByTestId('tab-agents').click();
  await page.getByTestId('agent-connect').click();
  await page.getByTestId('agent-name').fill(name);
  await page.locator('[data-testid=agent-server-option][data-server="fx"]').check();
  await page.getByTestId('agent-create').click();
  await expect(page.getByTestId('agent-created')).toHaveAttribute('data-agent', name);
  const token = (await page.getByTestId('agent-token').textContent())!.trim();
  const url = (await page.getByTestId('agent-endpoint').textContent())!.trim();
  return { token, url };
}
