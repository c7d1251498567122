import type { ElicitationView } from '../../../shared/schemas/elicitation';
import type { Slice } from '../../store/slice';

/** The questions servers are asking the person, oldest first. */
export interface ElicitationsSlice {
  elicitations: ElicitationView[];
  elicitationsLoaded(list: ElicitationView[]): void;
  elicitationRequested(q: ElicitationView): void;
  elicitationResolved(q: ElicitationView): void;
  /** URL questions whose server said the interaction is done, newest last (the last few). */
  urlCompletions: ElicitationView[];
  urlCompletionDismissed(id: string): void;
}

const KEEP_COMPLETIONS = 5;

export const elicitationsSlice: Slice<ElicitationsSlice> = (set) => ({
  elicitations: [],
  elicitationsLoaded: (list) => set({ elicitations: list.filter((q) => q.status === 'pending') }),
  elicitationRequested: (q) => set((s) => ({ elicitations: [...s.elicitations.filter((x) => x.id !== q.id), q] })),
  elicitationResolved: (q) =>
    set((s) => ({
      elicitations: s.elicitations.filter((x) => x.id !== q.id),
      ...(q.completedAt && {
        urlCompletions: [...s.urlCompletions.filter((x) => x.id !== q.id), q].slice(-KEEP_COMPLETIONS),
      }),
    })),
  urlCompletions: [],
  urlCompletionDismissed: (id) => set((s) => ({ urlCompletions: s.urlCompletions.filter((x) => x.id !== id) })),
});
