import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventPayload } from '../../shared/contract';
import type { ToolView } from '../../shared/schemas/tool';
import type { ServerView } from '../../shared/schemas/server';
import {
  LISTING_SHOW_MS,
  applyDelta,
  catalogChanged,
  catalogListing,
  heldLoaded,
  listingUnderWay,
  setToolsSource,
} from './catalog-feed';
import { handleEvent } from './events';
import { useConsole } from './store';
import { grewFrom } from '../features/catalog/slice';
import { narrowingFilter, filterTools } from '../features/catalog/tool-filter';

const tool = (n: number | string, description = ''): ToolView => ({
  serverId: 's',
  name: `t${n}`,
  description,
  inputSchema: {},
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  fingerprint: `f${n}${description}`,
  serverIdentity: 'i',
  risk: { level: 'unknown', openWorld: true, trusted: false },
  hiddenText: [],
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => tool(from + i));
const change = (reason: 'initial' | 'list_changed', lists: Partial<{ added: string[]; removed: string[] }> = {}) => ({
  serverId: 's',
  at: '',
  reason,
  added: lists.added ?? [],
  removed: lists.removed ?? [],
  changed: [],
});
/** Server s as the core describes it, in this state (only what the feed reads). */
const server = (status: ServerView['status']) => ({ id: 's', status }) as ServerView;
const names = () => (useConsole.getState().tools.s ?? []).map((t) => t.name);
const st = () => useConsole.getState();
const listing = (stream: number, offset: number, tools: ToolView[]): EventPayload<'catalog.listing'> => ({
  serverId: 's',
  serverIdentity: 'i',
  trusted: false,
  stream,
  offset,
  tools,
});

/** A core's `tools.list` over a fixed catalog, counting the pages asked for. */
function source(all: ToolView[]) {
  const asked: number[] = [];
  setToolsSource(async (_id, offset, limit) => (asked.push(offset), all.slice(offset, offset + limit)));
  return asked;
}

describe('the page applies catalog events to what it holds', () => {
  beforeEach(() => {
    heldLoaded({});
    useConsole.setState({ tools: {}, marks: {} });
    setToolsSource(undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a listing as it arrives, and holds it whole when the end names as many tools', () => {
    vi.useFakeTimers();
    const asked = source([]);
    catalogListing(listing(3, 0, range(0, 2)), st());
    expect(names()).toEqual(['t0', 't1']);
    // The pages after the first are shown together, a few times a second.
    catalogListing(listing(3, 2, range(2, 4)), st());
    catalogListing(listing(3, 4, range(4, 5)), st());
    expect(names()).toEqual(['t0', 't1']);
    vi.advanceTimersByTime(LISTING_SHOW_MS);
    expect(names()).toEqual(['t0', 't1', 't2', 't3', 't4']);
    // The end shows what waits at once.
    catalogListing(listing(3, 5, range(5, 6)), st());
    catalogChanged({ change: change('initial'), tools: [], stream: 3, listed: { count: 6 } }, st());
    expect(names()).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
    // Held whole under stream 3: a delta on it applies without asking.
    catalogChanged(
      {
        change: change('list_changed', { added: ['tx'] }),
        tools: [tool('x')],
        stream: 4,
        delta: { base: 3, count: 7, at: [2] },
      },
      st(),
    );
    expect(names()).toEqual(['t0', 't1', 'tx', 't2', 't3', 't4', 't5']);
    expect(st().marks.s?.added.has('tx')).toBe(true);
    expect(asked).toEqual([]);
  });

  it('says which list a listing grew from, so that a filter looks only through the tools it added', () => {
    vi.useFakeTimers();
    catalogListing(listing(5, 0, range(0, 3)), st());
    const first = st().tools.s!;
    catalogListing(listing(5, 3, [tool(3, 'match'), tool(4)]), st());
    vi.advanceTimersByTime(LISTING_SHOW_MS);
    const second = st().tools.s!;
    expect(grewFrom(second, first)).toBe(true);
    catalogListing(listing(5, 5, [tool(5, 'match')]), st());
    vi.advanceTimersByTime(LISTING_SHOW_MS);
    const third = st().tools.s!;
    expect(grewFrom(third, second) && grewFrom(third, first)).toBe(true);
    expect(grewFrom(first, third) || grewFrom(third, [...first])).toBe(false);
    // A filter typed while the list grows answers as a full pass does, a batch at a time.
    const filterOf = narrowingFilter(grewFrom);
    for (const list of [first, second, third]) expect(filterOf(list, 'match')).toEqual(filterTools(list, 'match'));
    expect(filterOf(third, 'match').map((t) => t.name)).toEqual(['t3', 't5']);
    // A list grown a second time starts a line of its own: it is not the first growth's continuation.
    useConsole.setState({ tools: { s: second } });
    st().catalogListed('s', [tool(9)], false);
    expect(grewFrom(st().tools.s!, second)).toBe(true);
    expect(grewFrom(st().tools.s!, third) || grewFrom(third, st().tools.s!)).toBe(false);
    useConsole.setState({ tools: { s: third } });
    // A delta replaces the list: it did not grow from the one before.
    catalogChanged({ change: change('initial'), tools: [], stream: 5, listed: { count: 6 } }, st());
    catalogChanged(
      {
        change: change('list_changed', { added: ['tx'] }),
        tools: [tool('x')],
        stream: 6,
        delta: { base: 5, count: 7, at: [0] },
      },
      st(),
    );
    expect(grewFrom(st().tools.s!, third)).toBe(false);
  });

  it('shows the tools that wait before any other event, in the order the core sent them', () => {
    vi.useFakeTimers();
    useConsole.setState({ servers: { s: { id: 's', status: 'connected' } as never } });
    handleEvent('catalog.listing', listing(5, 0, range(0, 2)));
    handleEvent('catalog.listing', listing(5, 2, range(2, 3)));
    expect(names()).toEqual(['t0', 't1']);
    // Any other event: what waits is shown first.
    handleEvent('server.stderr', { serverId: 's', lines: ['a line'] });
    expect(names()).toEqual(['t0', 't1', 't2']);
    // A server removed while a page of its listing waits: nothing comes back after it.
    handleEvent('catalog.listing', listing(5, 3, range(3, 4)));
    handleEvent('server.removed', { serverId: 's' });
    vi.advanceTimersByTime(LISTING_SHOW_MS);
    expect(st().tools.s).toBeUndefined();
    // A new listing (offset 0) drops what an older one left waiting.
    handleEvent('catalog.listing', listing(6, 0, range(0, 1)));
    handleEvent('catalog.listing', listing(6, 1, range(1, 2)));
    handleEvent('catalog.listing', listing(7, 0, range(10, 11)));
    vi.advanceTimersByTime(LISTING_SHOW_MS);
    expect(names()).toEqual(['t10']);
    // The timer ran with nothing waiting: the new listing's next pages are still shown in time.
    handleEvent('catalog.listing', listing(7, 1, range(11, 12)));
    vi.advanceTimersByTime(LISTING_SHOW_MS);
    expect(names()).toEqual(['t10', 't11']);
  });

  it("makes a listing's lean tools whole views: server, identity, effective annotations and risk from what each declared", () => {
    const lean = {
      name: 'ro',
      inputSchema: {},
      declaredAnnotations: { readOnlyHint: true },
      fingerprint: 'f',
      hiddenText: [],
    } as unknown as ToolView;
    catalogListing({ serverId: 's', serverIdentity: 'id-1', trusted: true, stream: 9, offset: 0, tools: [lean] }, st());
    const [t] = st().tools.s ?? [];
    expect(t).toMatchObject({
      serverId: 's',
      serverIdentity: 'id-1',
      annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      risk: { level: 'read-only-trusted', trusted: true },
    });
  });

  it('gives tools of the same hints and trust one shared, frozen annotations and risk object; a title its own', () => {
    const lean = (name: string, declaredAnnotations: object) =>
      ({ name, inputSchema: {}, declaredAnnotations, fingerprint: 'f', hiddenText: [] }) as unknown as ToolView;
    const tools = [
      lean('a', { readOnlyHint: true }),
      lean('b', { readOnlyHint: true }),
      lean('c', { readOnlyHint: false }),
      lean('d', { readOnlyHint: true, title: 'D' }),
    ];
    catalogListing({ serverId: 's', serverIdentity: 'id-1', trusted: false, stream: 10, offset: 0, tools }, st());
    const [a, b, c, d] = st().tools.s!;
    expect(a!.annotations).toBe(b!.annotations);
    expect(a!.risk).toBe(b!.risk);
    expect(Object.isFrozen(a!.annotations) && Object.isFrozen(a!.risk)).toBe(true);
    expect(c!.annotations).not.toBe(a!.annotations);
    expect(c!.risk).toMatchObject({ level: 'destructive', trusted: false });
    expect(d!.annotations).not.toBe(a!.annotations);
    expect(d!.annotations.title).toBe('D');
    expect(d!.risk).toBe(a!.risk);
  });

  it('ignores a listing part that does not follow what it holds, and asks for the catalog at the end', async () => {
    const all = range(0, 1500);
    const asked = source(all);
    catalogListing(listing(1, 0, range(0, 2)), st());
    catalogListing(listing(1, 5, range(5, 7)), st()); // a gap: 2..4 never came
    expect(names()).toEqual(['t0', 't1']);
    catalogChanged({ change: change('initial'), tools: [], stream: 1, listed: { count: 1500 } }, st());
    await vi.waitUntil(() => names().length === 1500);
    expect(asked).toEqual([0, 1000]);
    expect(names().at(-1)).toBe('t1499');
  });

  it('says a listing is under way from its first page to its end, and while it fetches a catalog itself', async () => {
    const all = range(0, 1500);
    source(all);
    st().serverStatusChanged(server('connected'));
    expect(listingUnderWay()).toBe(false);
    catalogListing(listing(1, 0, range(0, 2)), st());
    expect(listingUnderWay()).toBe(true);
    // The server fails mid-listing: no end will come, and nothing is under way.
    st().serverStatusChanged(server('error'));
    expect(listingUnderWay()).toBe(false);
    st().serverStatusChanged(server('connected'));
    expect(listingUnderWay()).toBe(true);
    catalogChanged({ change: change('initial'), tools: [], stream: 1, listed: { count: 2 } }, st());
    expect(listingUnderWay()).toBe(false);
    // An end that does not match what came: the page asks for the catalog, a page at a time.
    catalogListing(listing(2, 0, range(0, 2)), st());
    catalogChanged({ change: change('list_changed'), tools: [], stream: 2, listed: { count: 1500 } }, st());
    expect(listingUnderWay()).toBe(true);
    await vi.waitUntil(() => names().length === 1500);
    expect(listingUnderWay()).toBe(false);
  });

  it('asks for the catalog when a delta is on another catalog than the one it holds', async () => {
    const all = [...range(0, 3), tool('new')];
    const asked = source(all);
    catalogChanged({ change: change('initial'), tools: range(0, 3), stream: 1 }, st());
    catalogChanged(
      {
        change: change('list_changed', { added: ['tnew'] }),
        tools: [tool('new')],
        stream: 3,
        delta: { base: 2, count: 4, at: [3] },
      },
      st(),
    );
    await vi.waitUntil(() => names().length === 4);
    expect(asked).toEqual([0]);
    expect(names()).toEqual(['t0', 't1', 't2', 'tnew']);
  });

  it('asks again when the catalog changes while it is being fetched', async () => {
    let version = 1;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    setToolsSource(async () => {
      calls++;
      if (calls === 1) await gate;
      return version === 1 ? range(0, 2) : range(0, 3);
    });
    heldLoaded({ s: range(0, 2) });
    catalogChanged(
      { change: change('list_changed'), tools: [tool(9)], stream: 5, delta: { base: 4, count: 3, at: [2] } },
      st(),
    );
    version = 2;
    catalogChanged(
      { change: change('list_changed'), tools: [], stream: 6, delta: { base: 5, count: 3, at: [] } },
      st(),
    );
    release();
    await vi.waitUntil(() => names().length === 3);
    expect(calls).toBe(2);
  });

  it('applies a delta: removed out, changed in place, added at their places in the new order', () => {
    const before = range(0, 5);
    const next = applyDelta(before, ['t1'], [tool(3, 'changed'), tool('a'), tool('b')], [2, 0, 4]);
    expect(next?.map((t) => t.name)).toEqual(['ta', 't0', 't2', 't3', 'tb', 't4']);
    expect(next?.find((t) => t.name === 't3')?.description).toBe('changed');
    expect(applyDelta(before, [], [tool('z')], [9])).toBeNull();
  });
  it('merges a delta that removed nothing in one pass: the catalog the core holds, unchanged tools the same objects', () => {
    // Seeded so a failure can be run again: catalogs of 0-60 tools, some changed, some added anywhere.
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let round = 0; round < 200; round++) {
      const before = range(0, rand(60));
      const after: ToolView[] = before.map((t) => (rand(5) === 0 ? { ...t, description: 'changed' } : t));
      for (let added = rand(6); added > 0; added--)
        after.splice(rand(after.length + 1), 0, tool(`new${round}_${added}`));
      const delta = after.map((t, i) => [t, i] as const).filter(([t]) => !before.includes(t));
      // The core sends the delta in catalog order; the page must not depend on it.
      if (round % 2) delta.reverse();
      const next = applyDelta(
        before,
        [],
        delta.map(([t]) => t),
        delta.map(([, i]) => i),
      );
      expect(next).toEqual(after);
      next!.forEach((t, i) => expect(t).toBe(after[i]));
    }
  });

  it('lets a delta that does not fit show: a moved tool is held twice and so counted wrong, a place past the end is refused', () => {
    const before = range(0, 5);
    // t0 changed and moved to the fourth place: what comes out is not the catalog of five the core holds.
    expect(applyDelta(before, [], [tool(0, 'moved')], [3])?.length).not.toBe(5);
    expect(applyDelta(before, [], [tool('z')], [6])).toBeNull();
  });
});
