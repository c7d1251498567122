import { useCallback, useEffect } from 'react';
import type { ViewChannel } from './view-channel';
import { isDark, onThemeChange } from '../../components/use-color-scheme';

/**
 * What a view hears of the host's context as it changes: leaving full screen (the strip's button or
 * Escape, returned as `leave`), and the person's theme.
 */
export function useViewContext(
  mode: 'inline' | 'fullscreen',
  setMode: (m: 'inline' | 'fullscreen') => void,
  channel: ViewChannel | null,
): () => void {
  const leave = useCallback(() => {
    setMode('inline');
    channel?.contextChanged({ displayMode: 'inline' });
  }, [channel, setMode]);
  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && leave();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode, leave]);
  useEffect(() => {
    if (!channel) return;
    // The page's theme as the person chooses it or the system changes it.
    let was = isDark();
    return onThemeChange(() => {
      const dark = isDark();
      if (dark !== was) channel.contextChanged({ theme: dark ? 'dark' : 'light' });
      was = dark;
    });
  }, [channel]);
  return leave;
}
