import { useEffect, type RefObject } from 'react';

/** What Tab stops at. */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab going round a dialog's controls (and those of a region open beside it,
 * `besides`), never to the page under its shade. Only the dialog whose overlay is on top does so.
 */
export function useTabLoop(dialog: RefObject<HTMLElement | null>, besides?: string): void {
  useEffect(() => {
    const box = dialog.current;
    const onKey = (e: KeyboardEvent) => {
      const overlay = box?.closest('.overlay');
      const overlays = document.querySelectorAll('.overlay');
      if (e.key !== 'Tab' || !box || !overlay || overlays[overlays.length - 1] !== overlay) return;
      const regions = [box, besides ? document.querySelector(besides) : null];
      const stops = regions.flatMap((r) => (r ? [...r.querySelectorAll<HTMLElement>(FOCUSABLE)] : [])).filter((el) => el.getClientRects().length > 0);
      if (stops.length === 0) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? (e.shiftKey ? stops.length - 1 : 0) : e.shiftKey ? (at === 0 ? stops.length - 1 : null) : at === stops.length - 1 ? 0 : null;
      if (next === null) return;
      e.preventDefault();
      stops[next]!.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [dialog, besides]);
}
