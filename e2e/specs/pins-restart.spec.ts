import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, FIXTURE, type Page } from './fixtures.js';
import { ConsolePage } from '../pages/console-page.js';
import { startServe, type ServeProcess } from '../tools/serve-process.js';

/**
 * A definition pinned in one session, changed when the server next starts: after the console's own
 * restart the change is flagged, and its diff is against the pinned definition the console kept on
 * disk (the pins' definitions file, read back for the diff), not against anything still in memory.
 */
const CONFIG = { mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } };

async function open(page: Page, serve: ServeProcess): Promise<ConsolePage> {
  await page.goto(serve.url);
  await expect(page.locator('body')).toHaveAttribute('data-app-state', 'ready');
  const c = new ConsolePage(page);
  await c.connect('fx');
  return c;
}

let dir: string;
test.beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'mcp-console-pins-restart-'))));
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a tool pinned as changed in one session, back to its first text in the next, shows the diff against the kept pin', async ({
  page,
}) => {
  let serve = await startServe(CONFIG, dir);
  try {
    let c = await open(page, serve);
    // The server changes a tool; the person looks at the diff in the review and pins version 2.
    await c.openTool('fx', 'change_tools');
    await c.callWithJson({ action: 'change' });
    await page.getByTestId('tab-review').click();
    const pins = page.getByTestId('review-pins');
    const mutable = pins.locator('[data-testid=review-pin][data-tool="mutable"]');
    await expect(mutable).toHaveAttribute('data-state', 'changed');
    await mutable.getByTestId('review-repin').click();
    await expect(mutable).toHaveCount(0);
    await serve.stop();
    // What was kept: an index and the definitions file it names, per list of tools (the review at connect listed the
    // server's resources too: their list is kept beside).
    for (const folder of ['gateway', 'last-seen'])
      expect(
        readdirSync(join(dir, 'data', folder)).filter((f) => f.endsWith('.defs') && !/\.(resources|prompts)\./.test(f)),
      ).toHaveLength(1);

    // The next start: the server offers version 1 again, which is not what the person pinned.
    serve = await startServe(CONFIG, dir);
    c = await open(page, serve);
    await page.getByTestId('tool-search').fill('mutable');
    await expect(c.tool('fx', 'mutable').getByTestId('tool-pin-state')).toHaveAttribute('data-state', 'changed');
    await page.getByTestId('tab-review').click();
    const again = page.getByTestId('review-pins').locator('[data-testid=review-pin][data-tool="mutable"]');
    await expect(again).toHaveAttribute('data-state', 'changed');
    const diff = again.getByTestId('tool-diff');
    // Against the pin, and it says so (the heading said "first seen" for every diff, whatever it was against).
    await expect(diff).toContainText('Changed since it was pinned: description');
    await expect(diff).toContainText('A tool that changes (version 2).');
    await expect(diff).toContainText('A tool that changes (version 1).');
    // Every other tool still matches its pin: nothing else to look at.
    await expect(page.getByTestId('review-pins').locator('[data-testid=review-pin]')).toHaveCount(1);
  } finally {
    await serve.stop();
  }
});
