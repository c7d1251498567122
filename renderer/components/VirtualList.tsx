import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/** The keys that move through a list, and where each goes from row `i` of `n` (`page` rows in view). */
function moved(key: string, i: number, n: number, page: number): number | null {
  const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: n - 1, PageDown: i + page, PageUp: i - page }[key];
  return to === undefined ? null : Math.max(0, Math.min(n - 1, to));
}

/**
 * A list that renders only the rows in view (fixed row height), so 10,000 rows scroll smoothly.
 * From the keyboard it is one stop: Tab reaches one row (the last one moved to), the arrow keys,
 * Home, End and Page Up/Down move between rows (scrolling a row not drawn yet into view first),
 * and Tab goes on past the list. `render` gets whether its row is that one, to give it the stop.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  render,
  className,
  overscan = 8,
}: {
  items: readonly T[];
  rowHeight: number;
  render: (item: T, index: number, current: boolean) => ReactNode;
  className?: string;
  overscan?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [current, setCurrent] = useState(0);
  // Another list (a new filter, tools that came or went): the stop goes back to its first row.
  const [itemsSeen, setItemsSeen] = useState(items);
  if (itemsSeen !== items) {
    setItemsSeen(items);
    setCurrent(0);
  }
  const height = useViewHeight(ref);
  useEffect(() => {
    if (ref.current && scrollTop > items.length * rowHeight) {
      ref.current.scrollTop = 0;
      setScrollTop(0);
    }
  }, [items.length, rowHeight, scrollTop]);
  /** A row to focus once it is drawn (it may be out of view when the key is pressed). */
  const focusNextRef = useFocusWhenDrawn(ref);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  // The list got shorter (a filter): the stop stays on a row that exists.
  // A stop scrolled out of view (so not drawn) hands the stop to the first row drawn: Tab still reaches the list.
  const kept = Math.min(current, Math.max(0, items.length - 1));
  const stop = kept >= first && kept < last ? kept : first;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    const el = ref.current;
    if (!from || !el || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = moved(
      e.key,
      Number(from.dataset.row),
      items.length,
      Math.max(1, Math.floor(el.clientHeight / rowHeight) - 1),
    );
    if (to === null) return;
    e.preventDefault();
    setCurrent(to);
    focusNextRef.current = to;
    // Into view, at the nearest edge; the focus moves to the row once it is drawn (the effect above).
    const top = to * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
    setScrollTop(el.scrollTop);
  };
  return (
    <div
      ref={ref}
      className={className}
      style={{ overflowY: 'auto', position: 'relative' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        // A row reached by a click or Tab becomes the stop.
        const row = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
        if (row) setCurrent(Number(row.dataset.row));
      }}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div
            key={first + i}
            data-row={first + i}
            style={{ position: 'absolute', top: (first + i) * rowHeight, left: 0, right: 0, height: rowHeight }}
          >
            {render(item, first + i, first + i === stop)}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The list's height as laid out, followed as it changes. */
function useViewHeight(ref: RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer reports the size once observing starts, after layout: reading clientHeight here
    // instead forced a layout of the whole page in the middle of a commit (18 ms with 10,000 tools).
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return height;
}

/** Focuses the row a key moved to once it is drawn (it may have been out of view when the key was pressed). */
function useFocusWhenDrawn(ref: RefObject<HTMLDivElement | null>): RefObject<number | null> {
  const focusNextRef = useRef<number | null>(null);
  useEffect(() => {
    const i = focusNextRef.current;
    if (i === null) return;
    const row = ref.current?.querySelector<HTMLElement>(`[data-row="${i}"] > *`);
    if (!row) return;
    focusNextRef.current = null;
    row.focus({ preventScroll: true });
  });
  return focusNextRef;
}
