import type { ServerView } from '../../../shared/schemas/server';
import type { Slice } from '../../store/slice';
import type { UiSlice } from '../../store/ui-slice';
import type { CatalogSlice } from '../catalog/slice';

const STDERR_KEEP = 1000;

/** Servers as the core describes them, in the order they were added, and the stderr seen of each. */
export interface ServersSlice {
  servers: Record<string, ServerView>;
  serverOrder: string[];
  stderr: Record<string, string[]>;
  serversLoaded(servers: ServerView[]): void;
  serverStatusChanged(v: ServerView): void;
  serverRemoved(id: string): void;
  stderrAppended(id: string, lines: string[], replace?: boolean): void;
}

/** A removed server's tools leave the catalog, and its tool the selection. */
export const serversSlice: Slice<ServersSlice, Pick<CatalogSlice, 'tools'> & Pick<UiSlice, 'selected'>> = (set) => ({
  servers: {},
  serverOrder: [],
  stderr: {},
  serversLoaded: (servers) =>
    set({ servers: Object.fromEntries(servers.map((s) => [s.id, s])), serverOrder: servers.map((s) => s.id) }),
  serverStatusChanged: (v) =>
    set((s) => ({
      servers: { ...s.servers, [v.id]: v },
      serverOrder: s.serverOrder.includes(v.id) ? s.serverOrder : [...s.serverOrder, v.id],
    })),
  serverRemoved: (id) =>
    set((s) => {
      const { [id]: _gone, ...servers } = s.servers;
      const { [id]: _t, ...tools } = s.tools;
      return {
        servers,
        tools,
        serverOrder: s.serverOrder.filter((x) => x !== id),
        selected: s.selected?.serverId === id ? null : s.selected,
      };
    }),
  stderrAppended: (id, lines, replace) =>
    set((s) => {
      const all = replace ? lines : [...(s.stderr[id] ?? []), ...lines];
      return { stderr: { ...s.stderr, [id]: all.slice(-STDERR_KEEP) } };
    }),
});
