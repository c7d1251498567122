import { create } from 'zustand';
import type { AppViolation } from '../../../shared/schemas/app-view';

/** The most violations kept per view in the page (the audit log has the record). */
const KEPT = 50;

/** What each open view's policy blocked, as the core reported it. */
export const useViolations = create<{ byView: Record<string, AppViolation[]> }>(() => ({ byView: {} }));

export function viewViolated(v: AppViolation): void {
  useViolations.setState((s) => ({
    byView: { ...s.byView, [v.viewId]: [...(s.byView[v.viewId] ?? []), v].slice(-KEPT) },
  }));
}

/** Forgets a closed view's violations. */
export function viewClosed(viewId: string): void {
  useViolations.setState((s) => {
    const { [viewId]: _gone, ...rest } = s.byView;
    return { byView: rest };
  });
}
