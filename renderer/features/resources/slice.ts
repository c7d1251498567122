import type { ListFacts } from '../../../shared/schemas/list-facts';
import type { Slice } from '../../store/slice';

/** When each watched resource last changed (server id and URI, joined by a NUL), as the servers said. */
export interface ResourcesSlice {
  resourceUpdates: Record<string, string>;
  resourceUpdated(p: { serverId: string; uri: string; at: string }): void;
  /**
   * The last time each server said its resources or prompts changed, with what changed (keyed `serverId`, NUL, kind).
   */
  listChanges: Record<string, ListFacts>;
  listChanged(p: { serverId: string; kind: 'resources' | 'prompts'; facts: ListFacts }): void;
}

export const resourceKey = (serverId: string, uri: string) => `${serverId}\u0000${uri}`;

/** At most this many remembered (the oldest go). */
const KEEP = 500;

export const resourcesSlice: Slice<ResourcesSlice> = (set) => ({
  resourceUpdates: {},
  listChanges: {},
  // One entry per server and kind: bounded by the servers there are.
  listChanged: ({ serverId, kind, facts }) =>
    set((s) => ({ listChanges: { ...s.listChanges, [`${serverId}\u0000${kind}`]: facts } })),
  resourceUpdated: ({ serverId, uri, at }) =>
    set((s) => {
      const next = { ...s.resourceUpdates, [resourceKey(serverId, uri)]: at };
      const keys = Object.keys(next);
      for (const k of keys.slice(0, Math.max(0, keys.length - KEEP))) delete next[k];
      return { resourceUpdates: next };
    }),
});
