import { hintCode, sharedEffectiveAnnotations, sharedToolRisk } from '../../shared/annotations';
import type { EventPayload } from '../../shared/contract';
import type { ShownTool, ToolView } from '../../shared/schemas/tool';
import { warm } from '../features/catalog/search-index';
import { useConsole, type ConsoleState } from './store';

type Changed = EventPayload<'catalog.changed'>;

/** Tools per `tools.list` request when the page asks for a server's catalog itself. */
export const SNAPSHOT_PAGE = 1000;

/** What the page holds of a server's catalog: which `stream`, how many tools, and whether all of it. */
interface Held {
  stream: number;
  count: number;
  whole: boolean;
}

/** The tools the page shows for a server now (the state an action was given may be older). */
const current = (id: string): ShownTool[] => useConsole.getState().tools[id] ?? [];

/** Per server: the catalog the page holds, chunks being put together, and a fetch of its own under way. */
const held = new Map<string, Held>();
const incoming = new Map<string, { stream: number; tools: ToolView[] }>();
const fetching = new Map<string, { again: boolean; stream: number }>();

/** While the page fetches a server's catalog itself, any event for it means the fetch may be out of date. */
function during(id: string, stream: number | undefined): boolean {
  const f = fetching.get(id);
  if (!f) return false;
  f.again = true;
  if (stream !== undefined) f.stream = Math.max(f.stream, stream);
  return true;
}

/** Asks the core for one server's tools (`tools.list`, a page at a time). */
export type ToolsSource = (serverId: string, offset: number, limit: number) => Promise<ShownTool[]>;
let source: ToolsSource | undefined;

/** Where the page asks for a server's catalog when an event cannot be applied to what it holds. */
export function setToolsSource(s: ToolsSource | undefined): void {
  source = s;
}

/**
 * A server's whole catalog from the core, a page at a time (each its own message and task), its search text made as
 * pages come.
 */
export async function toolsOf(ask: ToolsSource, serverId: string, into: ShownTool[] = []): Promise<ShownTool[]> {
  for (let offset = 0; ; offset += SNAPSHOT_PAGE) {
    const page = await ask(serverId, offset, SNAPSHOT_PAGE);
    warm(page);
    for (const t of page) into.push(t);
    if (page.length < SNAPSHOT_PAGE) return into;
  }
}

/**
 * How long the tools of a listing under way may wait before they are shown, after its first page
 * (shown at once). A long listing then draws a few times a second rather than once per page: at
 * 100,000 tools the page drew 75 frames while the list grew, and its renderer now uses 0.3–0.4 s
 * less CPU of the two cores the server, the core and the page share. The end of a listing shows
 * what is left at once.
 */
export const LISTING_SHOW_MS = 200;

/** Per server: tools of a listing under way received but not yet given to the store, and the store to give them to. */
const unshown = new Map<string, { tools: ShownTool[]; st: ConsoleState }>();
let showTimer: ReturnType<typeof setTimeout> | undefined;

/** Gives the store one server's tools that wait (before anything else reads or replaces its catalog). */
function show(id: string): void {
  const u = unshown.get(id);
  if (!u) return;
  unshown.delete(id);
  u.st.catalogListed(id, u.tools, false);
}

/** Gives the store every server's tools that wait. */
export function showListings(): void {
  // The timer is forgotten even when nothing waits (a new listing or a snapshot dropped what did),
  // or the next listing's pages would never set one.
  clearTimeout(showTimer);
  showTimer = undefined;
  for (const id of unshown.keys()) show(id);
}

/**
 * Whether a listing is streaming in, or the page is fetching a catalog itself. A listing of a server
 * that is gone, or no longer connected or connecting (it crashed mid-listing), is not under way.
 */
export function listingUnderWay(): boolean {
  if (fetching.size > 0) return true;
  const servers = useConsole.getState().servers;
  for (const [id, h] of held) {
    const status = servers[id]?.status;
    if (!h.whole && (status === 'connecting' || status === 'connected')) return true;
  }
  return false;
}

/** Forgets what the page held (a new snapshot replaces it): `stream` unknown, so the next delta is fetched whole. */
export function heldLoaded(tools: Record<string, ShownTool[]>): void {
  held.clear();
  incoming.clear();
  unshown.clear();
  clearTimeout(showTimer); // nothing waits to be shown now
  showTimer = undefined;
  for (const [id, list] of Object.entries(tools)) held.set(id, { stream: -1, count: list.length, whole: true });
}

/**
 * Puts a chunked catalog event together: returns the whole event once its last chunk is in (or the
 * event itself when it came whole), and null meanwhile. Chunks of an older stream are dropped.
 */
export function assemble(p: Changed): Changed | null {
  if (!p.chunk) {
    incoming.delete(p.change.serverId);
    return p;
  }
  const id = p.change.serverId;
  if (p.chunk.index === 0) incoming.set(id, { stream: p.chunk.stream, tools: [] });
  const got = incoming.get(id);
  if (!got || got.stream !== p.chunk.stream) return null;
  for (const t of p.tools) got.tools.push(t);
  if (p.chunk.index < p.chunk.count - 1) return null;
  incoming.delete(id);
  return { change: p.change, tools: got.tools, stream: p.chunk.stream };
}

/**
 * A delta on the tools the page holds: the removed ones out, the changed ones replaced where they
 * stand, the added ones put at their places in the new catalog. Returns null when it does not fit
 * (a place past the end): the page then asks for the catalog.
 */
export function applyDelta(
  before: readonly ShownTool[],
  removed: readonly string[],
  tools: readonly ShownTool[],
  at: readonly number[],
): ShownTool[] | null {
  if (removed.length === 0) return mergeAtPlaces(before, tools, at);
  const gone = new Set(removed);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const next: ShownTool[] = [];
  for (const t of before) {
    if (gone.has(t.name)) continue;
    const now = byName.get(t.name);
    next.push(now ?? t);
    if (now) byName.delete(t.name);
  }
  // What is left is new: each goes to its place, lowest first (so the later places are counted right).
  const added = tools.map((t, i) => [t, at[i] ?? -1] as const).filter(([t]) => byName.has(t.name));
  for (const [t, place] of added) {
    if (place < 0 || place > next.length) return null;
    next.splice(place, 0, t);
  }
  return next;
}

/**
 * A delta that removed nothing (a list_changed that added or changed tools), merged in one pass
 * without a lookup per tool (the lookups over 100,000 held tools took 30 ms): every tool of the
 * delta goes to its place, and the held ones fill the others in their order, a changed tool's old
 * self (the held tool of the same name where it stands) left out. A tool that moved would be held
 * twice: the count then differs from the catalog's and the page asks for it whole.
 */
function mergeAtPlaces(
  before: readonly ShownTool[],
  tools: readonly ShownTool[],
  at: readonly number[],
): ShownTool[] | null {
  const order = tools.map((_, i) => i).sort((a, b) => (at[a] ?? -1) - (at[b] ?? -1));
  const next: ShownTool[] = [];
  let src = 0;
  let k = 0;
  while (src < before.length || k < order.length) {
    const i = order[k];
    if (i !== undefined && at[i] === next.length) {
      const t = tools[i]!;
      if (before[src]?.name === t.name) src++;
      next.push(t);
      k++;
    } else if (src < before.length && (i === undefined || (at[i] ?? -1) > next.length)) next.push(before[src++]!);
    else return null; // a place before where the catalog has got to, or past its end
  }
  return next;
}

/** No hidden text: one frozen array every clean tool of a listing shares. */
const NO_HIDDEN_TEXT: string[] = Object.freeze([]) as unknown as string[];

/**
 * A listing's tools made whole views again, in place (they were just parsed and nothing else holds
 * them): the server's name and identity, and the effective annotations and risk, from what each
 * declared and whether the server is trusted (the same functions the core uses).
 */
function views(p: EventPayload<'catalog.listing'>): ShownTool[] {
  const tools = p.tools as ShownTool[];
  for (const t of tools) {
    t.serverId = p.serverId;
    t.serverIdentity = p.serverIdentity;
    t.hiddenText ??= NO_HIDDEN_TEXT; // sent only when there is some
    // Shared objects, as the core's views share them: two objects a tool fewer for the page to hold.
    const code = hintCode(t.declaredAnnotations);
    t.annotations = sharedEffectiveAnnotations(t.declaredAnnotations, code);
    t.risk = sharedToolRisk(t.declaredAnnotations, p.trusted, code);
  }
  return tools;
}

/**
 * The tools of a listing under way, as they arrive (offset 0 starts over; a gap is left to the end
 * event): the first page shown at once, the next ones at most every LISTING_SHOW_MS, the last at once.
 */
export function catalogListing(listing: EventPayload<'catalog.listing'>, st: ConsoleState): void {
  const p = { ...listing, tools: views(listing) };
  warm(p.tools);
  if (during(p.serverId, p.stream)) return;
  const h = held.get(p.serverId);
  if (p.offset === 0) {
    unshown.delete(p.serverId); // an older listing's: this one replaces it
    held.set(p.serverId, { stream: p.stream, count: p.tools.length, whole: false });
    return st.catalogListed(p.serverId, p.tools, true);
  }
  if (!h || h.whole || h.stream !== p.stream || h.count !== p.offset) return;
  if (p.tools.length) {
    h.count += p.tools.length;
    const u = unshown.get(p.serverId);
    if (u) for (const t of p.tools) u.tools.push(t);
    else unshown.set(p.serverId, { tools: p.tools, st });
  }
  if (p.last) show(p.serverId);
  else showTimer ??= setTimeout(showListings, LISTING_SHOW_MS);
}

/** A catalog event, applied to what the page holds when it can be, else the catalog asked for. */
export function catalogChanged(p: Changed, st: ConsoleState): void {
  warm(p.tools);
  const id = p.change.serverId;
  show(id);
  if (during(id, p.stream ?? p.chunk?.stream)) return;
  const whole = assemble(p);
  if (!whole) return;
  const stream = whole.stream ?? -1;
  const h = held.get(id);
  const holds = (tools: ShownTool[]) => {
    held.set(id, { stream, count: tools.length, whole: true });
    st.catalogChanged({ change: p.change, tools });
  };
  if (p.listed) {
    if (p.listed.count === 0) return holds([]);
    if (h && !h.whole && h.stream === stream && h.count === p.listed.count) return holds(current(id));
    return void fetchTools(id, p, st);
  }
  if (p.delta) {
    const next =
      h?.whole && h.stream === p.delta.base ? applyDelta(current(id), p.change.removed, p.tools, p.delta.at) : null;
    if (next && next.length === p.delta.count) return holds(next);
    return void fetchTools(id, p, st);
  }
  holds(whole.tools);
}

/**
 * Asks the core for a server's whole catalog (the page missed part of a listing, or a delta does not
 * fit what it holds). An event that comes meanwhile makes it ask again, at most a few times.
 */
async function fetchTools(id: string, p: Changed, st: ConsoleState): Promise<void> {
  if (!source) return;
  const state = { again: false, stream: p.stream ?? p.chunk?.stream ?? -1 };
  fetching.set(id, state);
  try {
    for (let round = 0; round < 5; round++) {
      state.again = false;
      const tools = await toolsOf(source, id);
      if (state.again && round < 4) continue;
      // No event came while it was asked: the catalog is the newest one announced.
      held.set(id, { stream: state.again ? -1 : state.stream, count: tools.length, whole: true });
      st.catalogChanged({ change: p.change, tools });
      return;
    }
  } finally {
    fetching.delete(id);
  }
}
