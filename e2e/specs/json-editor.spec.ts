import { test, expect } from './fixtures.js';

test.describe('the JSON editor', () => {
  test("suggests the schema's properties in the first editor and in every one after it, whole at 1024 px", async ({
    app,
    page,
  }) => {
    // The narrowest window the console supports, where the editor's box is narrower than the suggestions.
    await page.setViewportSize({ width: 1024, height: 768 });
    const c = app.console;
    await c.connect('fx');
    // Three editors, one after another: a tool's, another tool's, and the first tool's again.
    for (const [tool, names] of [
      ['echo', ['message']],
      ['form_kitchen_sink', ['color', 'count', 'name', 'options', 'origin', 'tags']],
      ['echo', ['message']],
    ] as const) {
      await c.openTool('fx', tool);
      await page.getByTestId('mode-json').click();
      await c.setJson({});
      // The caret between the braces, then the suggestions Ctrl+Space asks for.
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      const rows = page.getByTestId('json-editor').locator('.suggest-widget .monaco-list-row');
      await expect(async () => {
        await page.keyboard.press('Control+Space');
        await expect(rows.first()).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      const labels = (await rows.evaluateAll((r) => r.map((x) => x.getAttribute('aria-label') ?? ''))).map(
        (l) => l.split(',')[0],
      );
      expect(labels.sort()).toEqual([...names]);
      // Each suggestion is whole on screen: its left edge is the row itself, not a box that cut it off.
      const clipped = await rows.evaluateAll(
        (r) =>
          r.filter((row) => {
            const b = row.getBoundingClientRect();
            return b.left < 0 || !row.contains(document.elementFromPoint(b.left + 3, b.top + b.height / 2));
          }).length,
      );
      expect(clipped).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByTestId('mode-form').click();
    }
  });

  test('an editor closed while it is still being made leaves no error, and the next one works', async ({
    app,
    page,
  }) => {
    const c = app.console;
    await c.connect('fx');
    await c.openTool('fx', 'echo');
    // Monaco loaded by a first editor, then editors closed after 0, 1, 2 and 3 turns of the event
    // loop: the editor is made over several tasks, and one closed between them drops what was half made.
    await page.getByTestId('mode-json').click();
    await expect(page.getByTestId('json-editor').locator('.view-lines')).toBeVisible();
    await page.getByTestId('mode-form').click();
    for (let turns = 0; turns < 4; turns++) {
      await page.evaluate(async (n) => {
        const click = (id: string) => document.querySelector<HTMLElement>(`[data-testid=${id}]`)!.click();
        click('mode-json');
        for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
        click('mode-form');
      }, turns);
    }
    await page.getByTestId('tool-form').getByLabel('message').fill('after');
    await page.getByTestId('mode-json').click();
    await expect(page.getByTestId('json-editor')).toContainText('"message": "after"');
    await c.setJson({ message: 'typed' });
    await page.getByTestId('call-button').click();
    await expect(c.dialog.getByTestId('approval-args')).toContainText('"message": "typed"');
    // The page threw nothing meanwhile: the app fixture fails the test on any uncaught error.
  });
});
