import type { ConsoleApi } from './client';

/** The page's own confirmation, showing the whole address (browser mode). */
export function confirmAddress(url: string): () => boolean {
  return () => confirm(`Open this address in your browser?\n\n${url}`);
}

/**
 * Opens an address in the system browser. The desktop app confirms it with the whole URL in its
 * own dialog and opens it (`links.open`); in browser mode the core opens nothing, so the page opens
 * it — only once `confirmInPage` says yes, and never with an opener. Resolves with whether it
 * opened; any other failure is thrown.
 */
export async function openLink(api: ConsoleApi, url: string, confirmInPage: () => boolean): Promise<boolean> {
  try {
    return (await api.request('links.open', { url })).opened;
  } catch (e) {
    if ((e as { code?: string }).code !== 'open-in-page') throw e;
    // SECURITY: browser mode: only after the person saw the whole URL, never with an opener.
    if (!confirmInPage()) return false;
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  }
}
