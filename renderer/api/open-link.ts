import { create } from 'zustand';
import type { ConsoleApi } from './client';

/** An address waiting for the person's yes or no in the page's own dialog (browser mode). */
export interface LinkAsk {
  url: string;
  answer(yes: boolean): void;
}

/** The one address the page asks about at a time; a newer ask answers the older one no. */
export const useLinkAsk = create<{ ask: LinkAsk | null }>(() => ({ ask: null }));

/** The page's own confirmation, showing the whole address (browser mode): its dialog is `LinkConfirm`. */
export function confirmAddress(url: string): () => Promise<boolean> {
  return () =>
    new Promise<boolean>((resolve) => {
      useLinkAsk.getState().ask?.answer(false);
      const ask: LinkAsk = {
        url,
        answer: (yes) => {
          if (useLinkAsk.getState().ask === ask) useLinkAsk.setState({ ask: null });
          resolve(yes);
        },
      };
      useLinkAsk.setState({ ask });
    });
}

/**
 * Opens an address in the system browser. The desktop app confirms it with the whole URL in its
 * own dialog and opens it (`links.open`); in browser mode the core opens nothing, so the page opens
 * it — only once `confirmInPage` says yes, and never with an opener. Resolves with whether it
 * opened; any other failure is thrown.
 */
export async function openLink(
  api: ConsoleApi,
  url: string,
  confirmInPage: () => boolean | Promise<boolean>,
): Promise<boolean> {
  try {
    return (await api.request('links.open', { url })).opened;
  } catch (e) {
    if ((e as { code?: string }).code !== 'open-in-page') throw e;
    // SECURITY: browser mode: only after the person saw the whole URL, never with an opener.
    if (!(await confirmInPage())) return false;
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  }
}
