import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A list that renders only the rows in view (fixed row height), so 10,000 rows scroll smoothly. */
export function VirtualList<T>({
  items,
  rowHeight,
  render,
  className,
  overscan = 8,
}: {
  items: readonly T[];
  rowHeight: number;
  render: (item: T, index: number) => ReactNode;
  className?: string;
  overscan?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer reports the size once observing starts, after layout: reading clientHeight here
    // instead forced a layout of the whole page in the middle of a commit (18 ms with 10,000 tools).
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    if (ref.current && scrollTop > items.length * rowHeight) {
      ref.current.scrollTop = 0;
      setScrollTop(0);
    }
  }, [items.length, rowHeight, scrollTop]);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return (
    <div ref={ref} className={className} style={{ overflowY: 'auto', position: 'relative' }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div key={first + i} style={{ position: 'absolute', top: (first + i) * rowHeight, left: 0, right: 0, height: rowHeight }}>
            {render(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
