import { create } from 'zustand';
import type { CollectionFile, CollectionRun } from '../../../shared/schemas/collection-run';

/** The most runs the page keeps (the core keeps its own, the audit log has them all). */
const KEPT = 20;

/** Collections as the page mirrors them: the files in every folder, and the recent runs by id (newest last). */
export const useCollections = create<{
  files: CollectionFile[] | null;
  runs: Record<string, CollectionRun>;
  order: string[];
}>(() => ({
  files: null,
  runs: {},
  order: [],
}));

export function runUpdated(r: CollectionRun): void {
  useCollections.setState((s) => {
    const order = s.order.includes(r.id) ? s.order : [...s.order, r.id].slice(-KEPT);
    const runs: Record<string, CollectionRun> = {};
    for (const id of order) runs[id] = id === r.id ? r : s.runs[id]!;
    return { runs, order };
  });
}

export function filesChanged(files: CollectionFile[]): void {
  useCollections.setState({ files });
}

/** The newest run of a file. */
export function latestRun(
  s: { runs: Record<string, CollectionRun>; order: string[] },
  file: string,
): CollectionRun | undefined {
  for (let i = s.order.length - 1; i >= 0; i--) {
    const r = s.runs[s.order[i]!];
    if (r?.file === file) return r;
  }
  return undefined;
}
