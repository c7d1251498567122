import type { Slice } from './types';

/** The page's own state: the link to the core, the selected tool, the filter, a prefill for "call again". */
export interface UiSlice {
  online: boolean;
  selected: { serverId: string; name: string } | null;
  filter: string;
  /** Arguments to prefill the form with (call again). */
  prefill: { serverId: string; name: string; args: Record<string, unknown> } | null;
  onlineChanged(up: boolean): void;
  toolSelected(sel: { serverId: string; name: string } | null): void;
  filterChanged(f: string): void;
  prefillRequested(p: UiSlice['prefill']): void;
}

export const uiSlice: Slice<UiSlice> = (set) => ({
  online: false,
  selected: null,
  filter: '',
  prefill: null,
  onlineChanged: (up) => set({ online: up }),
  toolSelected: (sel) => set({ selected: sel }),
  filterChanged: (f) => set({ filter: f }),
  prefillRequested: (p) => set({ prefill: p }),
});
