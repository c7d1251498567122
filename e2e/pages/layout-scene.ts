import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startServe, type ServeProcess } from '../tools/serve-process.js';

/**
 * The console as a busy person has it: three servers (one over Streamable HTTP, one with 10,000
 * tools, a 128-character tool name and a 2 MB resource), a call made, an agent connected, a review
 * run. The layout test and `npm run screenshots` look at every tab of it.
 */
export interface Scene {
  serve: ServeProcess;
  stop(): Promise<void>;
}

export const LONG_SERVER = 'a-server-with-a-rather-long-identifier-over-http';
export const BIG_SERVER = 'fx';

export type Tab =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'logs'
  | 'trace'
  | 'auth'
  | 'review'
  | 'history'
  | 'collections'
  | 'audit'
  | 'agents'
  | 'settings';
export const TABS: Tab[] = [
  'tools',
  'resources',
  'prompts',
  'logs',
  'trace',
  'auth',
  'review',
  'history',
  'collections',
  'audit',
  'agents',
  'settings',
];

/**
 * The collection the Collections tab runs: a long name, a long unbroken argument, a read of a long URI, a long failure.
 */
const WIDE_COLLECTION =
  'Wide steps: a long argument, a read of a long URI and a long failure, to check the layout of the tab';
const WIDE_STEPS = [
  { id: 'echo-long', call: { server: 'everything', tool: 'echo', arguments: { message: 'x'.repeat(300) } } },
  { id: 'architecture', read: { server: 'everything', uri: 'demo://resource/static/document/architecture.md' } },
  {
    id: 'a-step-whose-id-is-long',
    call: { server: 'everything', tool: 'echo', arguments: { message: 'what the server answers' } },
    expect: {
      assert: [
        {
          path: '/content/0/text',
          equals: `an answer this step expects and the server never gives: ${'y'.repeat(120)}`,
        },
      ],
    },
  },
];

/** Starts the modern fixture over HTTP and `serve` with the three servers; `dir` holds its data. */
export async function startScene(dir: string): Promise<Scene> {
  mkdirSync(join(dir, 'data', 'collections'), { recursive: true });
  writeFileSync(
    join(dir, 'data', 'collections', 'wide.collection.json'),
    JSON.stringify({ name: WIDE_COLLECTION, steps: WIDE_STEPS }, null, 2),
  );
  const modern = spawn(process.execPath, [resolve('out/node/e2e/fixtures/modern-server.js'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await listening(modern);
  const serve = await startServe(
    {
      mcpServers: {
        [BIG_SERVER]: {
          command: process.execPath,
          args: [resolve('out/node/e2e/fixtures/server.js')],
          env: { FIXTURE_TOOLS: '10000', FIXTURE_PAGE_SIZE: '1000', FIXTURE_LONG: '1' },
        },
        everything: {
          command: process.execPath,
          args: [resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')],
        },
        [LONG_SERVER]: { type: 'http', url },
      },
    },
    dir,
  );
  return {
    serve,
    stop: async () => {
      await serve.stop();
      modern.kill();
    },
  };
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise<string>((ok, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(d.toString());
      if (m) ok(`${m[1]!}/mcp`);
    });
    child.once('exit', () => fail(new Error('the modern fixture exited')));
  });
}

/** Connects the three servers, makes a call, connects an agent and runs a review: every tab has something in it. */
export async function fillScene(page: Page): Promise<void> {
  for (const id of [BIG_SERVER, 'everything', LONG_SERVER]) {
    const item = page.locator(`[data-testid=server-item][data-server="${id}"]`);
    const connect = item.getByTestId('connect');
    if (await connect.count()) await connect.click();
    await expect(item).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  }
  await expect(page.locator('[data-testid=tool-item][data-server=fx]').first()).toBeVisible({ timeout: 60_000 });
  // A call, approved: History, Audit log and Trace have it.
  await page.getByTestId('tool-search').fill('echo');
  await page.locator('[data-testid=tool-item][data-server=fx][data-tool=echo]').click();
  await page.getByTestId('mode-json').click();
  await page.getByTestId('call-button').click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toHaveAttribute('data-armed', 'true');
  await dialog.getByTestId('approve-once').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('call-result').first()).toBeVisible();
  // The call saved into a collection: the Collections tab runs it.
  await page.getByTestId('call-result').first().getByTestId('save-to-collection').click();
  await page.getByTestId('save-into').selectOption({ label: 'New collection…' });
  await page.getByTestId('save-new-name').fill('A collection with a long name to check the layout of its tab');
  await page.getByTestId('save-step').click();
  await expect(page.getByTestId('saved-step')).toBeVisible();
  // A call of the tool with a 128-character name (the fixture refuses it): History holds its name.
  await page.getByTestId('tool-search').fill('a_tool_name_that');
  await page.locator('[data-testid=tool-item][data-server=fx][data-tool^=a_tool_name_that]').click();
  await page.getByTestId('mode-json').click();
  await page.getByTestId('call-button').click();
  await expect(dialog).toHaveAttribute('data-armed', 'true');
  await dialog.getByTestId('approve-once').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('call-result').first()).toHaveAttribute('data-status', 'protocol-error');
  await page.getByTestId('tool-search').fill('');
  // An agent with a long name and every server.
  await page.getByTestId('tab-agents').click();
  await page.getByTestId('agent-connect').click();
  await page.getByTestId('agent-name').fill('an-agent-with-a-long-name-for-the-layout');
  for (const id of [BIG_SERVER, 'everything', LONG_SERVER])
    await page.locator(`[data-testid=agent-server-option][data-server="${id}"]`).check();
  await page.getByTestId('agent-create').click();
  await expect(page.getByTestId('agent-created')).toBeVisible();
  // A review of every server (10,000 tools).
  await page.getByTestId('tab-review').click();
  await page.getByTestId('review-run').click();
  await expect(page.getByTestId('review-summary')).toBeVisible({ timeout: 120_000 });
}

/** Opens a tab and puts in it what a person would be looking at. */
export async function openTab(page: Page, tab: Tab): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
  if (tab === 'tools') {
    const long = page.locator('[data-testid=tool-item][data-server=fx][data-tool^=a_tool_name_that]');
    await page.getByTestId('tool-search').fill('a_tool_name_that');
    await long.click();
    await expect(page.getByTestId('tool-form')).toBeVisible();
    await page.getByTestId('tool-search').fill('');
  } else if (tab === 'resources') {
    const big = page.locator('[data-testid=resource-item][data-uri$="big.txt"]');
    await big.click();
    await expect(page.getByTestId('resource-contents')).toContainText('one line with no break', { timeout: 30_000 });
  } else if (tab === 'prompts') {
    // The prompt with two arguments (each its name, what it is for, and a field with completions).
    await page
      .locator(
        '[data-testid=prompt-server][data-server=everything] [data-testid=prompt-item][data-name=completable-prompt]',
      )
      .click();
    await expect(page.getByTestId('prompt-arg')).toHaveCount(2);
  } else if (tab === 'trace') {
    await page.getByTestId('trace-row').first().click();
    await expect(page.getByTestId('trace-detail')).toBeVisible();
  } else if (tab === 'review') {
    await expect(page.getByTestId('review-summary')).toBeVisible();
    // The findings come a page at a time after the review's summary: shown once counted.
    await expect(page.getByTestId('review-matching')).toHaveText(/^[1-9][\d,]* match$/, { timeout: 30_000 });
    await expect(page.getByTestId('review-finding').first()).toBeVisible();
  } else if (tab === 'agents') {
    await expect(page.getByTestId('agent-row').first()).toBeVisible();
  } else if (tab === 'history') {
    await expect(page.getByTestId('history-row').first()).toBeVisible();
  } else if (tab === 'audit') {
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
  } else if (tab === 'collections') {
    await page.getByTestId('collection-item').filter({ hasText: WIDE_COLLECTION }).click();
    await expect(page.getByTestId('collection-detail')).toHaveAttribute('data-name', WIDE_COLLECTION);
    if (!(await page.getByTestId('run-result').count())) {
      await page.getByTestId('collection-run').click();
      await expect(page.getByTestId('run-approve')).toHaveAttribute('aria-disabled', 'false');
      await page.getByTestId('run-approve').click();
    }
    // The last step fails (open by itself); opening the first shows its long argument, the failure its line.
    await expect(page.getByTestId('run-result')).toHaveAttribute('data-status', 'failed');
    await page.getByTestId('run-step').first().getByRole('button').first().click();
    await expect(page.getByTestId('step-why')).toHaveCount(1);
  }
}
