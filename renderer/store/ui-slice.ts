import type { LinkDown } from '../api/client';
import type { Slice } from './slice';

/** The page's own state: the link to the core, the selected tool, the filter, a prefill for "call again". */
export interface UiSlice {
  online: boolean;
  /** Why the link to the core is down, once a try failed or it dropped (null while it is up or first connecting). */
  linkDown: LinkDown | null;
  selected: { serverId: string; name: string } | null;
  filter: string;
  /** Arguments to prefill the form with (call again). */
  prefill: { serverId: string; name: string; args: Record<string, unknown> } | null;
  onlineChanged(up: boolean, down?: LinkDown): void;
  toolSelected(sel: { serverId: string; name: string } | null): void;
  filterChanged(f: string): void;
  prefillRequested(p: UiSlice['prefill']): void;
}

export const uiSlice: Slice<UiSlice> = (set) => ({
  online: false,
  linkDown: null,
  selected: null,
  filter: '',
  prefill: null,
  onlineChanged: (up, down) => set({ online: up, linkDown: up ? null : (down ?? null) }),
  toolSelected: (sel) => set({ selected: sel }),
  filterChanged: (f) => set({ filter: f }),
  prefillRequested: (p) => set({ prefill: p }),
});
