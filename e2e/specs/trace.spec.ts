import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';

test.describe('protocol trace', () => {
  test('shows every message of a connection both ways, filters by method, opens one, exports JSONL and imports it back; the doctor reports', async ({
    app,
    page,
  }) => {
    await app.console.connect('fx');
    await page.getByTestId('tab-trace').click();
    await page.getByTestId('trace-server').selectOption('fx');
    const rows = page.getByTestId('trace-row');
    await expect(page.locator('[data-testid=trace-row][data-dir=in][data-method=initialize]')).toHaveCount(1);
    await expect(
      page.locator('[data-testid=trace-row][data-dir=out][data-method="notifications/initialized"]'),
    ).toHaveCount(1);
    await page.getByTestId('trace-filter').fill('tools/list');
    await expect(rows.first()).toHaveAttribute('data-method', 'tools/list');
    for (const m of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-method'))))
      expect(m).toBe('tools/list');
    const answer = page.locator('[data-testid=trace-row][data-dir=in][data-method="tools/list"]').first();
    await answer.click();
    await expect(page.getByTestId('trace-detail')).toContainText('"tools"');
    // The head names the message by the trace's own number and by the same JSON-RPC id as its row.
    const id = await answer.getAttribute('data-id');
    expect(id).toMatch(/^\d+$/);
    await expect(answer).toContainText(`#${id}`);
    await expect(page.getByTestId('trace-detail-head')).toContainText(
      new RegExp(`^message \\d+ · id #${id} · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} · `),
    );
    // Beside each other, the rows and the message fill the pane down to the window's bottom however
    // few the rows, and the pane itself does not scroll (its boxes do).
    const fill = await page.locator('.trace-split').evaluate((el) => {
      const pane = el.closest('.wide-panel')!;
      const side = getComputedStyle(el).gridTemplateColumns.split(' ').length === 2;
      return {
        side,
        gap: pane.getBoundingClientRect().bottom - el.getBoundingClientRect().bottom,
        scrolls: pane.scrollHeight > pane.clientHeight,
      };
    });
    expect(fill).toMatchObject({ side: true, scrolls: false });
    expect(fill.gap).toBeLessThan(24);
    await page.getByTestId('trace-filter').fill('');

    const download = page.waitForEvent('download');
    await page.getByTestId('trace-export').click();
    const file = join(app.dataDir, 'trace.jsonl');
    await (await download).saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.map((l) => (JSON.parse(l) as { serverId: string }).serverId)).toEqual(lines.map(() => 'fx'));
    // The page lists rows without their messages; the file has every message whole.
    const listed = lines.map(
      (l) => JSON.parse(l) as { method?: string; dir: string; message?: { result?: { tools?: unknown[] } } },
    );
    expect(
      listed
        .filter((e) => e.dir === 'in' && e.method === 'tools/list')
        .every((e) => Array.isArray(e.message?.result?.tools)),
    ).toBe(true);

    // Imported back (with one line that is not an entry), it is shown, and the bad line is counted.
    // One more entry carries a string id of 300 characters (any length is valid JSON-RPC).
    const last = JSON.parse(lines.at(-1)!) as { seq: number; id?: string | number };
    const long = JSON.stringify({ ...last, seq: last.seq + 1, id: 'x'.repeat(300) });
    writeFileSync(file, [...lines, long].join('\n') + '\nnot json\n');
    await page.getByTestId('trace-import-file').setInputFiles(file);
    await expect(page.getByTestId('trace-imported')).toContainText(`${lines.length + 1} entries, 1 line skipped`);
    await expect(rows).toHaveCount(lines.length + 1);
    // Its row stays one line as high as the others, the id cut short on screen and whole in its title.
    // (A row out of view is not laid out: it has its placeholder's height until it is scrolled to.)
    await rows.last().scrollIntoViewIfNeeded();
    const height = (row: typeof rows) => row.evaluate((e) => e.getBoundingClientRect().height);
    expect(await height(rows.last())).toBe(await height(rows.nth(-2)));
    await expect(rows.last().locator('[title^="JSON-RPC id #xxx"]')).toHaveAttribute(
      'title',
      `JSON-RPC id #${'x'.repeat(300)}`,
    );
    // A row of the file opens with its message, from the file.
    await page.locator('[data-testid=trace-row][data-dir=in][data-method="tools/list"]').first().click();
    await expect(page.getByTestId('trace-detail')).toContainText('"tools"');

    await page.getByRole('button', { name: 'Back to the live trace' }).click();
    await page.getByTestId('trace-doctor').click();
    await expect(page.getByTestId('doctor-report')).toHaveAttribute('data-healthy', 'true');
    await expect(page.getByTestId('doctor-latency')).toContainText('(ping)');
  });

  test('records every server and the decisions from the Trace tab, and opens the recording again', async ({
    app,
    page,
  }) => {
    await app.console.connect('fx');
    await page.getByTestId('tab-trace').click();
    await page.getByTestId('trace-record').click();
    await expect(page.getByTestId('trace-record')).toHaveText('Stop recording');
    await expect(page.getByTestId('trace-recording')).toContainText('Recording to ');
    await app.console.openTool('fx', 'echo');
    await app.console.callWithJson({ text: 'on the record' });
    await page.getByTestId('tab-trace').click();
    // The counts grow while it records (asked for every second).
    await expect(page.getByTestId('trace-recording')).toContainText(/[1-9]\d* call states/);
    await page.getByTestId('trace-record').click();
    await expect(page.getByTestId('trace-record')).toHaveText('Record');
    const status = page.getByTestId('trace-recording');
    await expect(status).toContainText('Recorded to ');
    const file = /Recorded to (.+?\.jsonl):/.exec((await status.textContent()) ?? '')?.[1];
    expect(file).toContain(join(app.dataDir, 'data', 'recordings'));
    const lines = readFileSync(file!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; by?: string; name?: string; decidedBy?: string; reason?: string });
    expect(lines[0]).toMatchObject({ type: 'recording', by: 'page' });
    expect(lines.some((l) => l.type === 'message' && l.name === 'echo')).toBe(true);
    expect(lines.filter((l) => l.type === 'call').map((l) => l.decidedBy)).toContain('user');
    expect(lines.at(-1)).toMatchObject({ type: 'end', reason: 'stopped' });
    // Someone sends you the file: the Trace tab opens it, its messages as rows.
    await page.getByTestId('trace-import-file').setInputFiles(file!);
    await expect(page.getByTestId('trace-imported')).toContainText(
      `${lines.filter((l) => l.type === 'message').length} entries).`,
    );
  });
});
