import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Entries polled from the core every `everyMs` while `active`: each poll asks for what came after
 * the last seq seen, and at most `keep` are held (the oldest go). `reset` starts over.
 */
export function usePolled<E extends { seq: number }, P extends { entries: E[] }>(
  fetchAfter: ((since: number) => Promise<P>) | undefined,
  opts: { everyMs: number; keep: number; onPage?: (p: P) => void; onError?: (e: Error) => void },
): { entries: E[]; setEntries: (e: E[]) => void; reset: () => void } {
  const [entries, setEntries] = useState<E[]>([]);
  const last = useRef(0);
  const { everyMs, keep, onPage, onError } = opts;
  useEffect(() => {
    if (!fetchAfter) return;
    let stop = false;
    const poll = () =>
      fetchAfter(last.current).then(
        (page) => {
          if (stop) return;
          onPage?.(page);
          const tail = page.entries.at(-1);
          if (!tail) return;
          last.current = tail.seq;
          // A transition: hundreds of new rows are drawn in slices, never in one long task.
          startTransition(() => setEntries((old) => [...old, ...page.entries].slice(-keep)));
        },
        (e: Error) => !stop && onError?.(e),
      );
    void poll();
    const t = setInterval(() => void poll(), everyMs);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [fetchAfter]); // eslint-disable-line react-hooks/exhaustive-deps
  const reset = () => {
    last.current = 0;
    setEntries([]);
  };
  return { entries, setEntries, reset };
}
