import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, FIXTURE, test } from './fixtures.js';
import { bigRecording } from '../tools/big-recording.js';

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

test.describe('the timeline', () => {
  test('of the live session: a lane per server, every server at once, and a message opened from any', async ({
    app,
    page,
  }) => {
    await app.console.connect('fx');
    await app.console.connect('everything');
    await page.getByTestId('tab-trace').click();
    await page.getByTestId('trace-mode-timeline').click();
    const timeline = page.getByTestId('trace-timeline');
    await expect(timeline).toHaveAttribute('data-lanes', '2');
    await expect(page.getByTestId('trace-timeline-window')).toContainText('2 servers');
    // A call waits for a person: its approval shows as an event of fx's lane once decided.
    const before = Number(await timeline.getAttribute('data-events'));
    await app.console.openTool('fx', 'echo');
    await app.console.callWithJson({ text: 'on the timeline' });
    await page.getByTestId('tab-trace').click();
    await page.getByTestId('trace-mode-timeline').click();
    await expect.poll(async () => Number(await timeline.getAttribute('data-events'))).toBeGreaterThan(before + 1);
    await page.getByTestId('trace-mode-rows').click();
    await expect(page.getByTestId('trace-row').first()).toBeVisible();
  });

  test('opens a recording of 100,000 events as lanes per server, zooms, moves and opens a message', async ({
    app,
    page,
  }) => {
    const file = join(app.dataDir, 'big.jsonl');
    writeFileSync(file, bigRecording(100_000, 3));
    await page.getByTestId('tab-trace').click();
    await page.getByTestId('trace-import-file').setInputFiles(file);
    // 33,334 calls of three messages each.
    await expect(page.getByTestId('trace-imported')).toContainText('100,002 entries, the newest 20,000 as rows');
    await page.getByTestId('trace-mode-timeline').click();
    const timeline = page.getByTestId('trace-timeline');
    const canvas = page.getByTestId('trace-timeline-canvas');
    await expect(timeline).toHaveAttribute('data-lanes', '3');
    await expect(canvas).toHaveAttribute('data-drawn', /\d+/);
    // 33,334 calls: a bar and a progress tick each, and 3,334 approvals waiting.
    const events = Number(await timeline.getAttribute('data-events'));
    expect(events).toBe(33_334 * 2 + 3_334);
    const windowText = page.getByTestId('trace-timeline-window');
    const whole = await windowText.textContent();
    expect(whole).toMatch(/^0 – .* of .* · 70,002 events · 3 servers$/);
    // Zoomed in twice, the window is a quarter as long; the wheel zooms and moves it; Whole shows it all again.
    await page.getByTestId('trace-timeline-zoom-in').click();
    await page.getByTestId('trace-timeline-zoom-in').click();
    await expect(windowText).not.toHaveText(whole!);
    const drawn = Number(await canvas.getAttribute('data-drawn'));
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + 40);
    await page.mouse.wheel(0, -600);
    await page.mouse.wheel(400, 0);
    await expect.poll(async () => Number(await canvas.getAttribute('data-drawn'))).toBeGreaterThan(drawn);
    await page.getByTestId('trace-timeline-fit').click();
    await expect(windowText).toHaveText(whole!);
    // Zoomed by the wheel at the plot's left edge to its first milliseconds, a click on the first lane's first bar
    // opens that call's request.
    await canvas.evaluate((el) => {
      for (let i = 0; i < 12; i++)
        el.dispatchEvent(
          new WheelEvent('wheel', {
            deltaY: -400,
            clientX: el.getBoundingClientRect().left + 140,
            clientY: 40,
            bubbles: true,
            cancelable: true,
          }),
        );
    });
    await expect(windowText).toHaveText(/^0 – \d+(\.\d)? ms of/);
    // The first call waited for a person for 3 ms, then ran from 3 ms to 5 ms: its bar is at 4 ms.
    const span = Number(/– ([\d.]+) ms/.exec((await windowText.textContent())!)![1]);
    await page.mouse.click(box.x + 140 + ((box.width - 140) * 4) / span, box.y + 22 + 18);
    await expect(page.getByTestId('trace-detail')).toContainText('"call 0"');
  });
});

test.describe('comparing a server with a recording', () => {
  test('says a server is as recorded, and what changed when the recording differs; Markdown to download', async ({
    app,
    page,
  }) => {
    await app.console.connect('fx');
    // The fixture's listing, recorded by the command line with a core of its own (through the console, a listing the
    // console already holds sends nothing to record).
    const file = join(app.dataDir, 'fx.jsonl');
    const config = join(app.dataDir, 'fx-only.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
    const r = spawnSync(
      process.execPath,
      [
        resolve('bin/mcp-console.js'),
        'tools',
        'fx',
        '--config',
        config,
        '--record',
        file,
        '--data-dir',
        join(app.dataDir, 'own'),
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    await page.getByTestId('tab-review').click();
    await page.getByTestId('compare-server').selectOption('fx');
    await page.getByTestId('compare-file').setInputFiles(file);
    const result = page.getByTestId('compare-result');
    await expect(result).toHaveAttribute('data-equal', 'true');
    await expect(result).toContainText('B: fx.jsonl (recording of fx)');
    await expect(result).toContainText('tools: the same (261 → 261)');
    // The recording says echo was described otherwise: that is the one change.
    const changed = join(app.dataDir, 'fx-changed.jsonl');
    writeFileSync(
      changed,
      readFileSync(file, 'utf8').replace('"description":"Returns its arguments as text."', '"description":"Echoes."'),
    );
    await page.getByTestId('compare-file').setInputFiles(changed);
    await expect(result).toHaveAttribute('data-equal', 'false');
    await expect(result).toContainText('tools: 1 changed (261 → 261)');
    await expect(result).toContainText('~ tool echo: description');
    const download = page.waitForEvent('download');
    await page.getByTestId('compare-markdown').click();
    expect((await download).suggestedFilename()).toBe('mcp-diff.md');
  });
});
