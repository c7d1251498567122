import type { Approval } from '../../../shared/schemas/call';
import type { Slice } from '../../store/slice';

/**
 * The approvals waiting for the person, oldest first, and how the person is going through them: the
 * one opened (in the dialog), the ones put aside for later (they wait in the queue, the console stays
 * usable), and whether the queue panel is shown.
 */
export interface ApprovalsSlice {
  approvals: Approval[];
  /** The approval the person opened from the queue; null: the oldest not put aside. */
  approvalChosen: string | null;
  /** Approvals put aside: not opened by themselves, still waiting in the queue. */
  approvalsAside: ReadonlySet<string>;
  queueShown: boolean;
  approvalsLoaded(approvals: Approval[]): void;
  approvalRequested(a: Approval): void;
  approvalResolved(a: Approval): void;
  approvalOpened(id: string): void;
  approvalsPutAside(ids: string[]): void;
  queueToggled(shown?: boolean): void;
}

export const approvalsSlice: Slice<ApprovalsSlice> = (set) => ({
  approvals: [],
  approvalChosen: null,
  approvalsAside: new Set(),
  queueShown: false,
  approvalsLoaded: (approvals) => set({ approvals: approvals.filter((a) => a.status === 'pending') }),
  approvalRequested: (a) => set((s) => ({ approvals: [...s.approvals.filter((x) => x.id !== a.id), a] })),
  approvalResolved: (a) =>
    set((s) => {
      const aside = new Set(s.approvalsAside);
      aside.delete(a.id);
      const approvals = s.approvals.filter((x) => x.id !== a.id);
      // The queue closes when the last call in it is decided; the next one opens the dialog alone.
      return {
        approvals,
        approvalsAside: aside,
        approvalChosen: s.approvalChosen === a.id ? null : s.approvalChosen,
        queueShown: s.queueShown && approvals.length > 0,
      };
    }),
  approvalOpened: (id) =>
    set((s) => {
      const aside = new Set(s.approvalsAside);
      aside.delete(id);
      return { approvalChosen: id, approvalsAside: aside };
    }),
  approvalsPutAside: (ids) =>
    set((s) => ({
      approvalsAside: new Set([...s.approvalsAside, ...ids]),
      approvalChosen: s.approvalChosen !== null && ids.includes(s.approvalChosen) ? null : s.approvalChosen,
    })),
  queueToggled: (shown) => set((s) => ({ queueShown: shown ?? !s.queueShown })),
});

/** The approval in the dialog: the one the person opened, else the oldest not put aside; none when all wait aside. */
export function approvalInFocus(
  s: Pick<ApprovalsSlice, 'approvals' | 'approvalChosen' | 'approvalsAside'>,
): Approval | undefined {
  const chosen = s.approvalChosen === null ? undefined : s.approvals.find((a) => a.id === s.approvalChosen);
  return chosen ?? s.approvals.find((a) => !s.approvalsAside.has(a.id));
}
