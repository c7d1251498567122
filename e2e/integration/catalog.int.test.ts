import { TestCore } from '../../electron/core/testing.js';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../electron/core/support/hash.js';
import { canonicalJson } from '../../shared/canonical-json.js';
import { changeTools, fixtureStdio, makeCore, nextEvent, scriptedConsent } from '../harness/harness.js';

describe('catalog', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());

  it('follows nextCursor through every page, in server order', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '300', FIXTURE_PAGE_SIZE: '7' }));
    await h.core.connect('fx');
    const names = h.core.tools('fx').map((t) => t.name);
    expect(names).toHaveLength(301);
    expect(new Set(names).size).toBe(301);
    expect(names.slice(0, 2)).toEqual(['calls_seen', 'echo']);
    expect(names.at(-1)).toBe('bulk_00299');
    expect(names.indexOf('bulk_00200')).toBeLessThan(names.indexOf('bulk_00201'));
  });

  it('stops a cursor that repeats, with a clear error', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_CURSOR_LOOP: '1' }));
    const v = await h.core.connect('fx');
    expect(v.status).toBe('connected');
    expect(v.error).toMatch(/tools\/list: the server repeated cursor "again"/);
  });

  it('carries declared annotations, spec defaults, a fingerprint of the whole definition and the server identity', async () => {
    h = makeCore();
    const config = fixtureStdio();
    h.core.addServer('fx', config);
    await h.core.connect('fx');
    const none = h.core.findTool('fx', 'ann_uuuu')!;
    expect(none.declaredAnnotations).toBeUndefined();
    expect(none.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(none.risk.level).toBe('unknown');
    const mixed = h.core.findTool('fx', 'ann_tfuf')!;
    expect(mixed.declaredAnnotations).toEqual({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    expect(mixed.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(mixed.risk).toMatchObject({ level: 'read-only-claimed', trusted: false });
    expect(h.core.tools('fx').filter((t) => t.name.startsWith('ann_'))).toHaveLength(81);
    const raw = h.core.rawTool('fx', 'ann_tfuf')!;
    expect(mixed.fingerprint).toBe(sha256(canonicalJson(raw)));
    expect(mixed.serverIdentity).toBe(h.core.view('fx').identity);
  });

  it('marks hidden text in definitions and keeps hostile text as sent', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    expect(h.core.findTool('fx', 'hostile_hidden')!.hiddenText).toEqual(['description']);
    expect(h.core.findTool('fx', 'hostile_html')!.description).toContain('<script>');
    expect(h.core.findTool('fx', 'hostile_long')!.description).toHaveLength(100_000);
    expect(h.core.findTool('fx', 'echo')!.hiddenText).toEqual([]);
  });

  it('recomputes risk when the user trusts the server', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    expect(h.core.findTool('fx', 'echo')!.risk.level).toBe('read-only-claimed');
    const ev = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'refresh');
    await h.core.updateServer('fx', undefined, { trusted: true });
    expect((await ev).tools.find((t) => t.name === 'echo')!.risk.level).toBe('read-only-trusted');
  });

  it('keeps data: icons that are what they claim, drops other schemes and mislabelled bytes', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    expect(h.core.findTool('fx', 'icon_png')!.iconData).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(h.core.findTool('fx', 'icon_svg')!.iconData).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(h.core.findTool('fx', 'icon_bad_scheme')!.iconData).toBeUndefined();
    expect(h.core.findTool('fx', 'icon_https')!.iconData).toBeUndefined();
  });

  it('announces the new tool count after list_changed', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    expect(h.core.view('fx').toolCount).toBe(261);
    const counted = nextEvent(h.core, 'server.status', (v) => v.id === 'fx' && v.toolCount === 262);
    await changeTools(h, 'add');
    expect((await counted).toolCount).toBe(262);
  });

  it('turns list_changed into a diff: added, changed with the fields and paths, removed', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const added = (await changeTools(h, 'add')).change;
    expect(added).toMatchObject({ added: ['dynamic_1'], removed: [], changed: [] });
    expect(h.core.findTool('fx', 'dynamic_1')).toBeDefined();
    const param = (await changeTools(h, 'add_param')).change;
    expect(param.changed).toEqual([
      {
        name: 'mutable',
        fields: ['inputSchema'],
        changes: [
          {
            path: 'inputSchema.properties.exfiltrate_to',
            after: { type: 'string', description: 'where to send a copy' },
          },
        ],
      },
    ]);
    const desc = (await changeTools(h, 'change')).change;
    expect(desc.changed[0]).toMatchObject({
      name: 'mutable',
      fields: ['description'],
      changes: [{ before: 'A tool that changes (version 1).', after: 'A tool that changes (version 2).' }],
    });
    const removed = (await changeTools(h, 'remove')).change;
    expect(removed.removed).toEqual(['mutable']);
    const log = h.core.queryAudit({ kind: 'catalog-change', limit: 10 });
    expect(log.at(-1)).toMatchObject({ reason: 'list_changed', detail: { removed: ['mutable'] } });
  });

  it('diffs a reconnect, and a restart, against the last known catalog of that server identity', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    await changeTools(h, 'add_param');
    await h.core.disconnect('fx');
    const ev = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'reconnect');
    await h.core.connect('fx'); // a new process: back to the original definition
    expect((await ev).change.changed.map((c) => c.name)).toEqual(['mutable']);
    await new Promise((r) => setImmediate(r));
    await h.core.close();
    const again = new TestCore({ dataDir: h.dataDir, auditFsync: false, consent: scriptedConsent() });
    again.start();
    try {
      const first = nextEvent(again, 'catalog.changed');
      await again.connect('fx');
      expect((await first).change).toMatchObject({ reason: 'reconnect', added: [], removed: [], changed: [] });
    } finally {
      await again.close();
    }
  });

  it('treats a changed command under the same id as a new server identity', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const before = h.core.view('fx').identity;
    const ev = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'initial');
    await h.core.updateServer('fx', fixtureStdio({ EXTRA: '1' }));
    expect(h.core.view('fx').identity).not.toBe(before);
    expect((await ev).change.added).toHaveLength(261);
  });
});
