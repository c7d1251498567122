import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(changed: () => void): () => void {
  const q = matchMedia(QUERY);
  q.addEventListener('change', changed);
  return () => q.removeEventListener('change', changed);
}

const isDark = (): boolean => matchMedia(QUERY).matches;

/**
 * Whether the system asks for dark colours, now and as it changes: the page's own colours follow the
 * media query by themselves, but what draws with a theme of its own (Monaco) has to be told.
 */
export function useDarkScheme(): boolean {
  return useSyncExternalStore(subscribe, isDark);
}
