import { test, expect, rpc } from './fixtures.js';

test('a definition that changes after it was pinned is flagged in the catalog, the approval dialog and the review until a person pins it again', async ({
  app,
  page,
}) => {
  const c = app.console;
  await c.connect('fx');
  // The rug pull: the server changes a tool, and adds one, after the console first saw them.
  await c.openTool('fx', 'change_tools');
  await c.callWithJson({ action: 'change' });
  await c.openTool('fx', 'change_tools');
  await c.callWithJson({ action: 'add' });

  await page.getByTestId('tool-search').fill('mutable');
  await expect(c.tool('fx', 'mutable').getByTestId('tool-pin-state')).toHaveAttribute('data-state', 'changed');
  await page.getByTestId('tool-search').fill('dynamic_1');
  await expect(c.tool('fx', 'dynamic_1').getByTestId('tool-pin-state')).toHaveAttribute('data-state', 'new');

  // Asked to call it, the person is told the definition is not the one pinned.
  await c.openTool('fx', 'mutable');
  await c.callWithJson({}, false);
  await expect(c.dialog.getByTestId('approval-pin-changed')).toBeVisible();
  await c.dialog.getByTestId('deny').click();
  await expect(c.dialog).toBeHidden();

  await page.getByTestId('tab-review').click();
  await page.getByTestId('review-run').click();
  await expect(page.locator('[data-testid=review-finding][data-rule="D01"][data-server="fx"]')).toContainText(
    'changed since pinned',
  );
  await expect(page.locator('[data-testid=review-finding][data-rule="D02"][data-server="fx"]')).toContainText(
    'dynamic_1',
  );

  const pins = page.getByTestId('review-pins');
  await expect(pins).toHaveAttribute('open', '');
  const changed = pins.locator('[data-testid=review-pin][data-tool="mutable"]');
  await expect(changed).toHaveAttribute('data-state', 'changed');
  await expect(changed.getByTestId('tool-diff')).toContainText('A tool that changes (version 1).');
  await expect(changed.getByTestId('tool-diff')).toContainText('A tool that changes (version 2).');
  await changed.getByTestId('review-repin').click();
  await expect(changed).toHaveCount(0);
  await expect(pins.locator('[data-testid=review-pin][data-tool="dynamic_1"]')).toHaveAttribute('data-state', 'new');

  // Pinned again: no longer flagged in the catalog, and the audit log says who pinned what.
  await page.getByTestId('tab-tools').click();
  await page.getByTestId('tool-search').fill('mutable');
  await expect(c.tool('fx', 'mutable').getByTestId('tool-pin-state')).toHaveCount(0);
  const audit = (await rpc(app, 'audit.query', { kind: 'tools-accepted' })).value as { reason?: string }[];
  expect(audit.map((e) => e.reason)).toContain('pinned as shown (agents see them): mutable');

  // The pins export as a file a CI run can compare with.
  const exported = (await rpc(app, 'review.exportPins', {})).value as {
    servers: Record<string, { tools: Record<string, { definition: { description?: string } }> }>;
  };
  expect(exported.servers.fx?.tools.mutable?.definition.description).toBe('A tool that changes (version 2).');
  expect(exported.servers.fx?.tools.dynamic_1).toBeUndefined();

  // Bulk pins are bound to the group shown: one more tool appears, and the count the page shows becomes 2.
  await c.openTool('fx', 'change_tools');
  await c.callWithJson({ action: 'add' });
  await page.getByTestId('tab-review').click();
  await expect(pins.locator('summary')).toContainText('2 to look at');
  const before = (await rpc(app, 'review.pins', { serverId: 'fx' })).value as {
    counts: Record<string, number>;
    digests: { unsettled: string };
  };
  expect(before.counts).toMatchObject({ new: 2, changed: 0, removed: 0 });
  // A digest that is not the group's pins nothing.
  const stale = await rpc(app, 'review.repinAll', { serverId: 'fx', group: 'unsettled', digest: 'f'.repeat(64) });
  expect(stale.error?.code).toBe('tool-changed');
  expect(
    ((await rpc(app, 'review.pins', { serverId: 'fx' })).value as { counts: Record<string, number> }).counts.new,
  ).toBe(2);
  await pins.getByTestId('review-repin-all').click();
  await expect(pins.locator('summary')).toContainText('0 to look at');
  const firstSeen = before.counts['first-seen']!;
  expect(firstSeen).toBeGreaterThan(200);
  // With nothing left to look at, the panel folds; opened again, the first-seen are marked as reviewed.
  await expect(pins).not.toHaveAttribute('open', '');
  await pins.locator('summary').click();
  await pins.getByTestId('review-accept-first-seen').click();
  await expect(pins.locator('summary')).toContainText(
    `0 to look at, 0 pinned at first sight, ${firstSeen + 3} accepted`,
  );
});

test('the review shows its findings a page at a time, asked of the core: the rest on demand, the filters applied there', async ({
  app,
  page,
}) => {
  await app.console.connect('fx');
  await page.getByTestId('tab-review').click();
  // The fixture's 260 tools: more findings than one page (100), fewer than two. The review the core
  // runs after the listing may come after an earlier one the tab showed first: it is waited for.
  const summaryTotal = async () =>
    Number(/^(\d+) findings/.exec((await page.getByTestId('review-summary').textContent()) ?? '')?.[1]);
  await expect.poll(summaryTotal).toBeGreaterThan(100);
  const total = await summaryTotal();
  expect(total).toBeLessThanOrEqual(200);
  const findings = page.getByTestId('review-finding');
  await expect(page.getByTestId('review-matching')).toHaveText(`${total} match`);
  await expect(findings).toHaveCount(100);
  await expect(page.getByTestId('review-more')).toHaveText(`Show ${total - 100} more of ${total - 100}`);
  // A later run of the review (the one after the listing, on a busy machine) draws its first page
  // afresh: "Show more" is asked again until the whole list is there.
  await expect(async () => {
    if (await page.getByTestId('review-more').count()) await page.getByTestId('review-more').click();
    await expect(findings).toHaveCount(total, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('review-more')).toHaveCount(0);
  // Every finding drawn once, none twice.
  const keys = await findings.evaluateAll((els) =>
    els.map(
      (e) =>
        `${e.getAttribute('data-rule')}|${e.closest('[data-testid=review-group]')?.querySelector('h3')?.textContent}|${e.textContent}`,
    ),
  );
  expect(new Set(keys).size).toBe(keys.length);
  // A tool's annotations are drawn once its facts are opened, against the spec's defaults.
  const facts = page.getByTestId('review-tool-facts').first();
  await expect(facts.getByTestId('annotation-table')).toHaveCount(0);
  await facts.locator('summary').click();
  await expect(facts.getByTestId('annotation-table')).toContainText('readOnlyHint');
  // A filter is the core's: the matching count and the first page change together.
  await page.getByTestId('review-severity').selectOption('medium');
  // Until the core has counted for the new filter, the count says so rather than the old one.
  const matching = async () => (await page.getByTestId('review-matching').textContent()) ?? '';
  await expect.poll(matching).not.toBe(`${total} match`);
  // Read in the same poll that sees it: a later run of the review (the one after the listing, on a
  // busy machine) may set the count back to "counting…" between two reads.
  let medium = NaN;
  await expect
    .poll(async () => {
      medium = Number(/^(\d+) match$/.exec(await matching())?.[1]);
      return medium;
    })
    .toBeLessThan(total);
  await expect(findings).toHaveCount(Math.min(medium, 100));
  for (const s of await findings.evaluateAll((els) => els.map((e) => e.getAttribute('data-severity'))))
    expect(['medium', 'high']).toContain(s);
});
