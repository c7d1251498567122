import type { Approval } from '../../../shared/schemas/call';
import type { Slice } from './types';

/** The approvals waiting for the person, oldest first. */
export interface ApprovalsSlice {
  approvals: Approval[];
  approvalsLoaded(approvals: Approval[]): void;
  approvalRequested(a: Approval): void;
  approvalResolved(a: Approval): void;
}

export const approvalsSlice: Slice<ApprovalsSlice> = (set) => ({
  approvals: [],
  approvalsLoaded: (approvals) => set({ approvals: approvals.filter((a) => a.status === 'pending') }),
  approvalRequested: (a) => set((s) => ({ approvals: [...s.approvals.filter((x) => x.id !== a.id), a] })),
  approvalResolved: (a) => set((s) => ({ approvals: s.approvals.filter((x) => x.id !== a.id) })),
});
