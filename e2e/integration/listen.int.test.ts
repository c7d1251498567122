import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { callApproved, makeCore, MODERN, nextEvent, startHttp } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('2026-07-28 change stream (subscriptions/listen)', () => {
  let h: ReturnType<typeof makeCore>;
  let modern: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    h = makeCore();
    modern = await startHttp(MODERN, ['--port', '0'], { MODERN_RESOURCES_TTL_MS: '0', MODERN_TOOLS_TTL_MS: '1500' });
    h.core.addServer('modern', { type: 'http', url: `${modern.url}/mcp`, headers: {} });
    await h.core.connect('modern');
  });
  afterAll(async () => {
    await h.dispose();
    modern.stop();
  });

  const call = (tool: string) => callApproved(h, 'modern', tool);

  it('opens the stream on connect, and a tool list change on it reaches the catalog with its diff', async () => {
    await expect
      .poll(
        () =>
          partsOf(h.core)
            .trace.list('modern', { method: 'subscriptions/listen' })
            .entries.some((e) => e.dir === 'out'),
        { timeout: 5000 },
      )
      .toBe(true);
    await expect
      .poll(() => h.core.stderr('modern').lines.join('\n'), { timeout: 5000 })
      .toMatch(/listening for .*toolsListChanged/);
    const changed = nextEvent(
      h.core,
      'catalog.changed',
      (c) => c.change.serverId === 'modern' && c.change.added.includes('extra_1'),
    );
    await call('grow');
    expect((await changed).change).toMatchObject({ reason: 'list_changed', added: ['extra_1'] });
  });

  it('a watched resource rides on the stream: the server’s update becomes an event; let go, the stream is opened without it', async () => {
    const uri = 'fixture://modern/note';
    expect(await partsOf(h.core).subscriptions.subscribe('modern', uri, CONSOLE_USER)).toEqual([uri]);
    const listens = partsOf(h.core)
      .trace.list('modern', { method: 'subscriptions/listen' })
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request');
    expect(listens.at(-1)?.message).toMatchObject({ params: { notifications: { resourceSubscriptions: [uri] } } });
    const updated = nextEvent(h.core, 'resource.updated', (u) => u.uri === uri);
    await call('touch');
    expect(await updated).toMatchObject({ serverId: 'modern', uri });
    expect(await partsOf(h.core).subscriptions.unsubscribe('modern', uri, CONSOLE_USER)).toEqual([]);
    const last = partsOf(h.core)
      .trace.list('modern', { method: 'subscriptions/listen' })
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request')
      .at(-1);
    expect(
      (last?.message as { params: { notifications: Record<string, unknown> } }).params.notifications
        .resourceSubscriptions,
    ).toBeUndefined();
  });

  it('honours ttlMs: a list the server says stays fresh 0 ms is asked for again each time; the hint is recorded', async () => {
    const walks = () =>
      partsOf(h.core)
        .trace.list('modern', { method: 'resources/list' })
        .entries.filter((e) => e.dir === 'out' && e.kind === 'request').length;
    const before = walks();
    await h.core.listResources('modern');
    await h.core.listResources('modern');
    expect(walks() - before).toBe(2);
    expect(h.core.queryAudit({ serverId: 'modern', kind: 'resources-listed', limit: 1 })[0]?.detail).toMatchObject({
      cache: { ttlMs: 0 },
    });
    expect(partsOf(h.core).watch.facts('modern').resources).toMatchObject({
      cache: { ttlMs: 0, cacheScope: 'public' },
    });
  });

  it('honours ttlMs for tools: the catalog is listed again once the time the server gave has passed, and says when', async () => {
    const walks = () =>
      partsOf(h.core)
        .trace.list('modern', { method: 'tools/list' })
        .entries.filter((e) => e.dir === 'out' && e.kind === 'request').length;
    const facts = partsOf(h.core).watch.facts('modern').tools;
    expect(facts?.cache).toMatchObject({ ttlMs: 1500 });
    expect(Date.parse(facts!.freshUntil!) - Date.parse(facts!.listedAt)).toBe(1500);
    const before = walks();
    await expect.poll(walks, { timeout: 5000 }).toBeGreaterThan(before);
    // The request is out before the walk ends; the facts change once the list is in.
    await expect
      .poll(() => Date.parse(partsOf(h.core).watch.facts('modern').tools!.listedAt), { timeout: 5000 })
      .toBeGreaterThan(Date.parse(facts!.listedAt));
  });

  it('a resource list change is listed again at once and pushed with its diff', async () => {
    await h.core.listResources('modern');
    const changed = nextEvent(h.core, 'list.changed', (c) => c.serverId === 'modern' && c.kind === 'resources');
    await call('add_note');
    const { facts } = await changed;
    expect(facts.diff).toMatchObject({ added: ['fixture://modern/note-1'], removed: [], changed: [] });
    expect(partsOf(h.core).watch.facts('modern').resources?.diff?.added).toEqual(['fixture://modern/note-1']);
    expect(h.core.queryAudit({ serverId: 'modern', kind: 'resources-listed', limit: 1 })[0]?.detail).toMatchObject({
      added: ['fixture://modern/note-1'],
    });
  });
});
