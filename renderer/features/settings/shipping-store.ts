import { create } from 'zustand';
import type { ShippingView } from '../../../shared/schemas/shipping';

/** Where the audit log is shipped and how far each receiver has it, as the page mirrors it. */
export const useShipping = create<{ view: ShippingView | null }>(() => ({ view: null }));

export function shippingChanged(view: ShippingView): void {
  useShipping.setState({ view });
}
