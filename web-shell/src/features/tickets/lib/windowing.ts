/** Ticket list and contact list load their next page within 100 px of the bottom (inbox.md §9). */
export const LOAD_MORE_WITHIN_PX = 100;

export interface WindowRange {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Where the first rendered row sits, in px from the top of the list. */
  offsetTop: number;
  /** Height of every row together: the scrollable height. */
  totalHeight: number;
}

/**
 * The rows to render for a fixed row height: those inside the viewport plus `overscan` on each
 * side, so 10,000 rows cost as much as the ~20 on screen.
 */
export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan = 6): WindowRange {
  const totalHeight = Math.max(0, count) * rowHeight;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalHeight - viewportHeight));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

export function nearBottom(scrollTop: number, viewportHeight: number, scrollHeight: number, within = LOAD_MORE_WITHIN_PX): boolean {
  return scrollHeight - scrollTop - viewportHeight < within;
}
