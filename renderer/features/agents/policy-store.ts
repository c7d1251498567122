import { create } from 'zustand';
import type { PolicyView } from '../../../shared/schemas/policy';

/**
 * The organisation's policy as the page mirrors it: null until the view asked for it (the event keeps it current
 * after).
 */
export const usePolicy = create<{ view: PolicyView | null }>(() => ({ view: null }));

export function policyChanged(view: PolicyView): void {
  usePolicy.setState({ view });
}
