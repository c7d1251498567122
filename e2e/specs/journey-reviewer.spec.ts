import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startServe } from '../tools/serve-process.js';
import { checkpoint } from '../pages/layout-check.js';

/**
 * Journey 3, the reviewer: three servers reviewed, a finding read at its span, one accepted into the
 * baseline with a reason, the report exported from the page as Markdown and SARIF, and the SARIF
 * compared with what `mcp-console review --format sarif` writes for the same servers and data.
 */
const CORPUS = resolve('out/node/e2e/fixtures/review-server.js');
const CONFIG = {
  mcpServers: {
    everything: {
      command: process.execPath,
      args: [resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js')],
    },
    stealer: { command: process.execPath, args: [CORPUS, '--case', 'p-ssh-key', '--server', '0'] },
    tagged: { command: process.execPath, args: [CORPUS, '--case', 'h-tags-instruction', '--server', '0'] },
  },
};

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/**
 * What a SARIF log says, apart from where the file behind it is (the CLI names its --config file, the page has none).
 */
function said(sarif: string) {
  const run = JSON.parse(sarif).runs[0];
  return (run.results as { ruleId: string; level: string; message: { text: string }; suppressions?: unknown[] }[])
    .map((r) => `${r.ruleId} ${r.level} ${r.suppressions?.length ? 'accepted' : 'new'} ${r.message.text}`)
    .sort();
}

let dir: string;
test.beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'mcp-console-reviewer-'))));
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a reviewer reviews three servers, accepts a finding with a reason, and exports what the CLI writes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const serve = await startServe(CONFIG, dir);
  let stopped = false;
  try {
    await page.goto(serve.url);
    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
    for (const id of Object.keys(CONFIG.mcpServers)) {
      const item = page.locator(`[data-testid=server-item][data-server="${id}"]`);
      if (await item.getByTestId('connect').count()) await item.getByTestId('connect').click();
      await expect(item).toHaveAttribute('data-status', 'connected');
    }
    // The review at connect ran after the last listing (its mark is on tagged's tool): it covers all three.
    await expect(
      page.locator('[data-testid=tool-item][data-server=tagged] [data-testid=tool-review]').first(),
    ).toBeVisible();
    await page.getByTestId('tab-review').click();
    const row = (id: string) => page.locator(`[data-testid=review-server-row][data-server="${id}"]`);
    // The review at connect listed the prompts and resources it had not seen yet: their counts, at once.
    await expect(row('everything').locator('td').nth(3)).toHaveText('4'); // prompts
    await expect(row('everything').locator('td').nth(4)).toHaveText('9'); // resources and templates
    await page.getByTestId('review-run').click();
    await expect(row('everything').locator('td').nth(3)).toHaveText('4');
    await expect(row('stealer')).toHaveAttribute('data-risk', 'high');
    await checkpoint(page, 'reviewer-1-three-servers');

    // A finding read at its span, then accepted with a reason.
    await page.getByTestId('review-rule').selectOption('P05');
    const p05 = page.locator('[data-testid=review-finding][data-rule="P05"][data-server="stealer"]');
    await p05.getByTestId('review-show-text').click();
    await expect(p05.getByTestId('finding-span')).toHaveText('~/.ssh/id_rsa');
    await checkpoint(page, 'reviewer-2-finding-at-its-span');
    await p05.getByTestId('review-accept').click();
    await p05.getByTestId('review-accept-reason').fill('a test server that names the path on purpose');
    await p05.getByTestId('review-accept-confirm').click();
    await expect(p05).toHaveCount(0);
    await page.getByTestId('review-rule').selectOption('');

    // Exported from the page.
    const md = await download(page, 'review-export-md');
    expect(md.name).toBe('mcp-review.md');
    expect(md.text).toMatch(/\| stealer \| reviewed \|/);
    expect(md.text).toContain('a test server that names the path on purpose');
    const sarif = await download(page, 'review-export-sarif');
    expect(sarif.name).toBe('mcp-review.sarif');
    expect(JSON.parse(sarif.text).version).toBe('2.1.0');
    await checkpoint(page, 'reviewer-3-exported');

    // The baseline exported too, as a reviewer commits it beside the config for CI.
    await page.getByTestId('review-baseline').locator('summary').click();
    const baseline = await download(page, 'review-export');
    writeFileSync(join(dir, baseline.name), baseline.text);

    // The CLI, on the same servers with that baseline, says the same.
    await serve.stop();
    stopped = true;
    const cli = spawnSync(
      process.execPath,
      [
        resolve('bin/mcp-console.js'),
        'review',
        '--config',
        join(dir, 'mcp.json'),
        '--data-dir',
        join(dir, 'data'),
        '--baseline',
        join(dir, baseline.name),
        '--format',
        'sarif',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(cli.status, cli.stderr).toBe(1); // high findings remain (H05): at the default threshold
    expect(said(cli.stdout)).toEqual(said(sarif.text));
    expect(said(sarif.text).filter((r) => r.startsWith('P05 error accepted'))).toHaveLength(1);
  } finally {
    if (!stopped) await serve.stop();
  }
});
