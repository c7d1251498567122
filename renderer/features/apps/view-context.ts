import { useCallback, useEffect } from 'react';
import type { ViewChannel } from './view-channel';

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
    const q = matchMedia('(prefers-color-scheme: dark)');
    const on = () => channel.contextChanged({ theme: q.matches ? 'dark' : 'light' });
    q.addEventListener('change', on);
    return () => q.removeEventListener('change', on);
  }, [channel]);
  return leave;
}
