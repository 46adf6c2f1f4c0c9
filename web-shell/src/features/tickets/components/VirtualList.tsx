import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { nearBottom, visibleRange } from '../lib/windowing.js';

interface Props<T> {
  items: readonly T[];
  rowHeight: number;
  itemKey(item: T): string | number;
  renderRow(item: T, index: number): ReactNode;
  /** Called when the scroll comes within 100 px of the bottom (and when the rows do not fill the view). */
  onNearEnd?(): void;
  label: string;
  footer?: ReactNode;
  testId?: string;
}

/**
 * A windowed list with fixed-height rows: only the rows on screen (plus a few) are in the DOM, so
 * 10,000 tickets scroll like 20. Rows keep their place in the list for screen readers
 * (aria-setsize / aria-posinset).
 */
export function VirtualList<T>({ items, rowHeight, itemKey, renderRow, onNearEnd, label, footer, testId }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  // The first row on screen, not the scroll offset: React skips the render when a scroll event
  // leaves it unchanged, so rows re-render once per row scrolled instead of once per pixel.
  const [firstRow, setFirstRow] = useState(0);
  const [height, setHeight] = useState(600);
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Too few rows to scroll: ask for more right away.
  useEffect(() => {
    const el = ref.current;
    if (el && nearBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) nearEnd.current?.();
  }, [items.length, height]);

  const range = visibleRange(firstRow * rowHeight, height, rowHeight, items.length);
  const rows = items.slice(range.start, range.end);

  return (
    <div
      ref={ref}
      className="tk-virtual"
      data-testid={testId}
      onScroll={(e) => {
        const el = e.currentTarget;
        setFirstRow(Math.floor(el.scrollTop / rowHeight));
        if (nearBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) nearEnd.current?.();
      }}
    >
      <div style={{ height: range.totalHeight, position: 'relative' }}>
        <ul className="tk-virtual__rows" aria-label={label} style={{ transform: `translateY(${range.offsetTop}px)` }}>
          {rows.map((item, i) => (
            <li key={itemKey(item)} style={{ height: rowHeight }} aria-setsize={items.length} aria-posinset={range.start + i + 1}>
              {renderRow(item, range.start + i)}
            </li>
          ))}
        </ul>
      </div>
      {footer}
    </div>
  );
}
