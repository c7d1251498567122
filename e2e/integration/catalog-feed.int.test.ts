import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../shared/contract/index.js';
import { changeTools, fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';

type Feed =
  | { name: 'catalog.listing'; p: EventPayload<'catalog.listing'> }
  | { name: 'catalog.changed'; p: EventPayload<'catalog.changed'> };

/** Every catalog event the core sends front ends, in order. */
function record(h: ReturnType<typeof makeCore>): Feed[] {
  const out: Feed[] = [];
  h.core.onEvent((n: EventName, p: unknown) => {
    if (n === 'catalog.listing' || n === 'catalog.changed') out.push({ name: n, p } as Feed);
  });
  return out;
}

describe('what front ends are told of a catalog', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());

  it('streams a first listing as its pages arrive, then says the catalog is the tools it streamed', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '2500', FIXTURE_PAGE_SIZE: '500' }));
    const events = record(h);
    const listed = nextEvent(h.core, 'catalog.changed', (e) => !!e.listed);
    await h.core.connect('fx');
    const end = await listed;
    const listing = events
      .filter((e): e is Extract<Feed, { name: 'catalog.listing' }> => e.name === 'catalog.listing')
      .map((e) => e.p);
    // The first page goes at once, alone; the rest in chunks of at most 1,000, one after another.
    expect(listing[0]!.tools).toHaveLength(501);
    expect(listing.every((l) => l.tools.length <= 1000)).toBe(true);
    expect(listing.map((l) => l.offset)).toEqual(
      listing.map((_, i) => listing.slice(0, i).reduce((n, l) => n + l.tools.length, 0)),
    );
    expect(new Set(listing.map((l) => l.stream))).toEqual(new Set([end.stream]));
    const streamed = listing.flatMap((l) => l.tools.map((t) => t.name));
    expect(streamed).toEqual(h.core.tools('fx').map((t) => t.name));
    // What every tool shares comes once; what follows from what a tool declared is left to the page.
    expect(listing[0]).toMatchObject({ serverIdentity: h.core.view('fx').identity, trusted: false });
    const echo = listing[0]!.tools.find((t) => t.name === 'echo')!;
    expect(Object.keys(echo)).not.toEqual(expect.arrayContaining(['serverIdentity']));
    expect(echo).not.toHaveProperty('risk');
    expect(echo).toMatchObject({ declaredAnnotations: { readOnlyHint: true } });
    // Nor what only a tool's detail shows (its schemas, its fingerprint: the tool's whole view has them), nor hidden
    // text when there is none.
    expect(echo).not.toHaveProperty('fingerprint');
    expect(echo).not.toHaveProperty('inputSchema');
    expect(echo).not.toHaveProperty('outputSchema');
    expect(echo.hiddenText).toBeUndefined();
    expect(listing[0]!.tools.find((t) => t.name === 'hostile_hidden')!.hiddenText).toEqual(['description']);
    expect((await h.core.ask('tools.get', { serverId: 'fx', name: 'echo' })).fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(h.core.tools('fx').every((t) => /^[0-9a-f]{64}$/.test(t.fingerprint))).toBe(true);
    // The last listing event says so (the page shows it at once), and only the last.
    expect(listing.map((l) => l.last ?? false)).toEqual(listing.map((_, i) => i === listing.length - 1));
    // The end names the catalog, carries no tool again, and comes after every listing event.
    expect(end).toMatchObject({ tools: [], listed: { count: 2501 }, change: { reason: 'initial', added: [] } });
    expect(events.findIndex((e) => e.p === end)).toBe(events.length - 1);
  });

  it('sends a list_changed on a large catalog as a delta: what changed, at its place, against the catalog before', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '2500', FIXTURE_PAGE_SIZE: '500' }));
    const listed = nextEvent(h.core, 'catalog.changed', (e) => !!e.listed);
    await h.core.connect('fx');
    const first = await listed;
    const added = await changeTools(h, 'add');
    const names = h.core.tools('fx').map((t) => t.name);
    expect(added.tools.map((t) => t.name)).toEqual(['dynamic_1']);
    expect(added.delta).toEqual({ base: first.stream, count: 2502, at: [names.indexOf('dynamic_1')] });
    expect(added.stream).toBeGreaterThan(first.stream!);
    const changed = await changeTools(h, 'change');
    expect(changed.tools.map((t) => t.name)).toEqual(['mutable']);
    expect(changed.tools[0]!.description).toBe('A tool that changes (version 2).');
    expect(changed.delta).toMatchObject({ base: added.stream, count: 2502 });
    const removed = await changeTools(h, 'remove');
    expect(removed).toMatchObject({
      tools: [],
      change: { removed: ['mutable'] },
      delta: { base: changed.stream, count: 2501, at: [] },
    });
  });

  it('sends a large catalog whole, in chunks of at most 1,000, when views change beyond a diff (trust)', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '2500', FIXTURE_PAGE_SIZE: '500' }));
    await h.core.connect('fx');
    const events = record(h);
    const last = nextEvent(h.core, 'catalog.changed', (e) => e.chunk?.index === 2);
    await h.core.updateServer('fx', undefined, { trusted: true });
    await last;
    const chunks = events
      .filter((e) => e.name === 'catalog.changed')
      .map((e) => e.p as EventPayload<'catalog.changed'>);
    expect(chunks.map((e) => [e.chunk!.index, e.chunk!.count, e.tools.length])).toEqual([
      [0, 3, 1000],
      [1, 3, 1000],
      [2, 3, 501],
    ]);
    expect(new Set(chunks.map((e) => e.chunk!.stream)).size).toBe(1);
    expect(chunks[0]!.tools.find((t) => t.name === 'echo')!.risk.level).toBe('read-only-trusted');
  });

  it('sends the catalog whole when the fingerprinting after a listing drops a tool the page was streamed', async () => {
    h = makeCore();
    // Over 1 MB only once its 600,000 quotes are written escaped: taken as it streams, dropped by the seal.
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '1500', FIXTURE_PAGE_SIZE: '500', FIXTURE_QUOTES: '600000' }));
    const events = record(h);
    const whole = nextEvent(
      h.core,
      'catalog.changed',
      (e) => e.change.serverId === 'fx' && (!!e.listed || !!e.chunk?.index),
    );
    await h.core.connect('fx');
    const end = await whole;
    const streamed = events.flatMap((e) => (e.name === 'catalog.listing' ? e.p.tools.map((t) => t.name) : []));
    expect(streamed).toContain('quotes');
    // Not "the catalog is what was streamed": the tools again, without it.
    expect(end.listed).toBeUndefined();
    const sent = events.flatMap((e) => (e.name === 'catalog.changed' ? e.p.tools.map((t) => t.name) : []));
    expect(sent).toHaveLength(1501);
    expect(sent).not.toContain('quotes');
    expect(h.core.tools('fx').map((t) => t.name)).toEqual(sent);
    expect(h.core.view('fx').error).toMatch(/skipped tool "quotes": its definition is larger than 1024 KB \(1172 KB\)/);
  });

  it('takes back the tools of a listing cut short: the catalog front ends are told of is empty', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '30000', FIXTURE_PAGE_SIZE: '100' }));
    const firstPage = nextEvent(h.core, 'catalog.listing');
    const emptied = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'disconnect');
    const connecting = h.core.connect('fx');
    expect((await firstPage).tools.length).toBeGreaterThan(0);
    await h.core.disconnect('fx');
    await connecting.catch(() => undefined);
    expect(await emptied).toMatchObject({ tools: [] });
    expect(h.core.tools('fx')).toEqual([]);
  });

  it('lets a front end act on a tool it was shown while the listing goes on: the request waits for the catalog', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '20000', FIXTURE_PAGE_SIZE: '100' }));
    const firstPage = nextEvent(h.core, 'catalog.listing');
    const connecting = h.core.connect('fx');
    expect((await firstPage).tools.map((t) => t.name)).toContain('echo');
    expect(h.core.tools('fx')).toEqual([]); // the catalog does not hold it yet
    // The tool whole (what its detail shows) at once, while the listing goes on, its fingerprint made for it.
    const view = await h.core.ask('tools.get', { serverId: 'fx', name: 'echo' });
    expect(h.core.tools('fx')).toEqual([]);
    expect(view).toMatchObject({
      name: 'echo',
      inputSchema: { type: 'object' },
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // A check of arguments waits for the catalog.
    expect(await h.core.ask('tools.validate', { serverId: 'fx', name: 'echo', args: { message: 'hi' } })).toMatchObject(
      { status: 'valid' },
    );
    expect(view.fingerprint).toBe(h.core.findTool('fx', 'echo')!.fingerprint);
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'echo');
    const rec = await h.core.ask('calls.request', { serverId: 'fx', tool: 'echo', args: { message: 'hi' } });
    expect(rec.state).toBe('awaiting-approval');
    expect((await asked).fingerprint).toBe(h.core.findTool('fx', 'echo')!.fingerprint);
    await connecting;
    // A tool the listing never had is still refused, once the listing is in.
    await expect(h.core.ask('calls.request', { serverId: 'fx', tool: 'no_such_tool', args: {} })).rejects.toThrow(
      /offers no tool/,
    );
  });
});
