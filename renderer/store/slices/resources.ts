import type { Slice } from './types';

/** When each watched resource last changed (server id and URI, joined by a NUL), as the servers said. */
export interface ResourcesSlice {
  resourceUpdates: Record<string, string>;
  resourceUpdated(p: { serverId: string; uri: string; at: string }): void;
}

export const resourceKey = (serverId: string, uri: string) => `${serverId}\u0000${uri}`;

/** At most this many remembered (the oldest go). */
const KEEP = 500;

export const resourcesSlice: Slice<ResourcesSlice> = (set) => ({
  resourceUpdates: {},
  resourceUpdated: ({ serverId, uri, at }) =>
    set((s) => {
      const next = { ...s.resourceUpdates, [resourceKey(serverId, uri)]: at };
      const keys = Object.keys(next);
      for (const k of keys.slice(0, Math.max(0, keys.length - KEEP))) delete next[k];
      return { resourceUpdates: next };
    }),
});
