import { useEffect, type RefObject } from 'react';

/** What Tab stops at. */
const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard in a modal dialog: Tab and Shift+Tab go round its controls (and those of a region
 * open beside it, `besides`), never to the page under its shade — only the dialog whose overlay is
 * on top does so; when it closes, the focus goes back to what had it when it opened, unless the
 * person has moved on since (another dialog takes it in its turn).
 */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, besides?: string): void {
  useEffect(() => {
    const box = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const now = document.activeElement;
      if (opener?.isConnected && (!now || now === document.body || !now.isConnected || box?.contains(now)))
        opener.focus({ preventScroll: true });
    };
  }, [dialog]);
  useEffect(() => {
    const box = dialog.current;
    const onKey = (e: KeyboardEvent) => {
      const overlay = box?.closest('.overlay');
      const overlays = document.querySelectorAll('.overlay');
      if (e.key !== 'Tab' || !box || !overlay || overlays[overlays.length - 1] !== overlay) return;
      const regions = [box, besides ? document.querySelector(besides) : null];
      const stops = regions
        .flatMap((r) => (r ? [...r.querySelectorAll<HTMLElement>(FOCUSABLE)] : []))
        .filter((el) => el.getClientRects().length > 0);
      if (stops.length === 0) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next =
        at === -1
          ? e.shiftKey
            ? stops.length - 1
            : 0
          : e.shiftKey
            ? at === 0
              ? stops.length - 1
              : null
            : at === stops.length - 1
              ? 0
              : null;
      if (next === null) return;
      e.preventDefault();
      stops[next]!.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [dialog, besides]);
}
