import { expect, test, type App } from './fixtures.js';

test.describe('results', () => {
  test.beforeEach(async ({ app }) => {
    await app.console.connect('fx');
  });

  const run = async (app: App, tool: string, args: object = {}) => {
    await app.console.openTool('fx', tool);
    await app.console.callWithJson(args);
    const r = app.console.lastResult();
    await expect(r).toBeVisible();
    return r;
  };

  test('text, JSON text, PNG image and WAV audio render for what they are', async ({ app, page }) => {
    // A tool whose schema names no argument says so, where its form would be an empty box.
    await app.console.openTool('fx', 'content_text');
    await expect(page.getByTestId('form-no-arguments')).toHaveText('This tool declares no arguments.');
    expect(await (await run(app, 'content_text')).getByTestId('text-body').innerText()).toBe('hello from the fixture');
    await expect((await run(app, 'content_json_text')).getByTestId('text-body')).toContainText('"b": [\n    true,');
    const img = (await run(app, 'content_image')).getByTestId('result-image');
    await expect(img).toHaveAttribute('src', /^data:image\/png;base64,iVBOR/);
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    await expect((await run(app, 'content_audio')).getByTestId('result-audio')).toHaveAttribute(
      'src',
      /^data:audio\/wav;base64,UklGR/,
    );
  });

  test('an SVG with a script is only an <img>; mislabelled bytes are refused', async ({ app, page }) => {
    const svg = await run(app, 'content_svg_image');
    await expect(svg.getByTestId('result-image')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    expect(await page.evaluate(() => (window as unknown as { __svgRan?: boolean }).__svgRan)).toBeUndefined();
    await expect((await run(app, 'content_mislabelled_image')).getByTestId('media-refused')).toContainText(
      'declared image/png, but the bytes are image/svg+xml',
    );
  });

  test('resource links are cards: Read goes through the core, file: and javascript: stay inert', async ({
    app,
    page,
  }) => {
    const r = await run(app, 'content_resource_link');
    const links = r.getByTestId('resource-link');
    await expect(links).toHaveCount(4);
    await expect(links.nth(0)).toContainText('fixture://text/1');
    await links.nth(0).getByTestId('read-resource').click();
    await expect(links.nth(0).getByTestId('embedded-resource')).toContainText('hello notes');
    await expect(links.nth(1).getByTestId('open-link')).toBeVisible();
    await expect(links.nth(2)).toHaveAttribute('data-scheme', 'file:');
    await expect(links.nth(2).getByTestId('open-link')).toHaveCount(0);
    await expect(links.nth(3).getByTestId('open-link')).toHaveCount(0);
    expect(await page.locator('a[href^="file:"], a[href^="javascript:"]').count()).toBe(0);
  });

  test('embedded resources: text in a read-only editor, image blob previewed, other blob offered as a download', async ({
    app,
    page,
  }) => {
    const r = await run(app, 'content_embedded');
    const blocks = r.getByTestId('embedded-resource');
    await expect(blocks.nth(0).getByTestId('json-viewer')).toContainText('"embedded"');
    // The editor's theme follows the system's scheme as it changes, as the page's own colours do.
    const editor = blocks.nth(0).locator('.monaco-editor');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(editor).toHaveClass(/\bvs-dark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(editor).not.toHaveClass(/\bvs-dark\b/);
    await expect(blocks.nth(1).getByTestId('result-image')).toBeVisible();
    await expect(blocks.nth(2)).toContainText('6 bytes');
    await expect(blocks.nth(2).getByRole('button', { name: 'Download' })).toBeVisible();
    // Text of a known language is highlighted in it: HTML's tags, attributes and strings each coloured.
    const html = blocks.nth(3).getByTestId('json-viewer');
    await expect(html.locator('[data-mode-id]')).toHaveAttribute('data-mode-id', 'html');
    await expect(async () => {
      const colours = await html
        .locator('.view-line span[class^=mtk]')
        .evaluateAll((s) => new Set(s.map((x) => x.className)).size);
      expect(colours).toBeGreaterThan(2);
    }).toPass({ timeout: 10_000 });
  });

  test('User and Model views route by audience, order by priority and collapse low priority; Raw is the JSON', async ({
    app,
  }) => {
    const r = await run(app, 'content_annotated');
    const texts = async () =>
      r
        .getByTestId('content-block')
        .evaluateAll((els) =>
          els.map(
            (e) =>
              `${e.getAttribute('data-index')}:${e.getAttribute('data-audience')}:${e.getAttribute('data-priority') ?? '-'}`,
          ),
        );
    expect(await texts()).toEqual(['1:user:0.9', '0:both:-']);
    await r.getByTestId('toggle-low-priority').click();
    await expect(r.getByTestId('toggle-low-priority')).toHaveText('Hide 2 low-priority blocks');
    expect(await texts()).toEqual(['1:user:0.9', '0:both:-', '4:user:0.2', '3:both:0.1']);
    await r.getByTestId('view-assistant').click();
    expect((await texts()).slice(0, 3)).toEqual(['2:assistant:1', '0:both:-', '5:assistant:0.5']);
    await r.getByTestId('view-raw').click();
    const raw = JSON.parse(await r.getByTestId('raw-json').innerText());
    expect(raw.content).toHaveLength(6);
  });

  test('structuredContent is checked against outputSchema: valid and invalid', async ({ app }) => {
    await expect((await run(app, 'structured_valid')).getByTestId('structured-content')).toHaveAttribute(
      'data-valid',
      'true',
    );
    const bad = (await run(app, 'structured_invalid')).getByTestId('structured-content');
    await expect(bad).toHaveAttribute('data-valid', 'false');
    await expect(bad).toContainText('/total');
  });

  test('tool errors and protocol errors are told apart', async ({ app }) => {
    await expect(await run(app, 'tool_error')).toHaveAttribute('data-status', 'tool-error');
    const p = await run(app, 'protocol_error');
    await expect(p).toHaveAttribute('data-status', 'protocol-error');
    await expect(p.getByTestId('call-error')).toContainText('error -32602: fixture refuses these params');
  });

  test('a running call shows progress and can be cancelled', async ({ app, page }) => {
    await app.console.openTool('fx', 'slow_progress');
    await app.console.callWithJson({ steps: 50, delayMs: 200 });
    const progress = page.getByTestId('call-progress');
    await expect(progress).toContainText(/step \d+ of 50/);
    // The count beside the bar, as the server reported it.
    await expect(progress.getByTestId('progress-count')).toHaveText(/^\d+ of 50$/);
    await progress.getByTestId('cancel-call').click();
    await expect(app.console.lastResult()).toHaveAttribute('data-status', 'cancelled');
  });

  test('a 10 MB text result is paged and the page stays responsive', async ({ app, page }) => {
    const r = await run(app, 'big_text');
    await expect(r).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
    await expect(r.getByTestId('text-pager')).toContainText('Page 1 of 160');
    // Responsive by construction: one 64 KiB page is in the DOM, not 10 MB, and the page still answers input.
    const shown = await r.getByTestId('text-body').evaluate((el) => el.textContent?.length ?? 0);
    expect(shown).toBe(64 * 1024);
    await r.getByTestId('text-pager').getByRole('button', { name: 'Next' }).click();
    await expect(r.getByTestId('text-pager')).toContainText('Page 2 of 160');
    await page.getByTestId('tool-search').fill('echo');
    await expect(app.console.tool('fx', 'echo')).toBeVisible();
    await expect(app.console.tool('fx', 'big_text')).toBeHidden();
  });
});
