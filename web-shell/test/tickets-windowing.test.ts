import { describe, expect, it } from 'vitest';
import { LOAD_MORE_WITHIN_PX, nearBottom, visibleRange } from '../src/features/tickets/lib/windowing.js';

describe('visibleRange (virtualised ticket list)', () => {
  it('renders only the rows on screen plus the overscan, even with 10,000 rows', () => {
    const r = visibleRange(84 * 5000, 840, 84, 10000, 6);
    expect(r.start).toBe(4994);
    expect(r.end).toBe(5000 + 11 + 6);
    expect(r.end - r.start).toBeLessThan(30);
    expect(r.offsetTop).toBe(4994 * 84);
    expect(r.totalHeight).toBe(840000);
  });

  it('clamps at the top and at the bottom', () => {
    expect(visibleRange(-50, 400, 100, 100, 2)).toMatchObject({ start: 0, end: 7, offsetTop: 0 });
    const end = visibleRange(1e9, 400, 100, 100, 2);
    expect(end.end).toBe(100);
    expect(end.start).toBe(94);
  });

  it('handles an empty list and a list shorter than the viewport', () => {
    expect(visibleRange(0, 500, 84, 0)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
    expect(visibleRange(0, 500, 84, 3)).toMatchObject({ start: 0, end: 3 });
  });
});

describe('nearBottom (inbox.md §9: next page within 100 px)', () => {
  it('fires within 100 px of the bottom and not before', () => {
    expect(LOAD_MORE_WITHIN_PX).toBe(100);
    expect(nearBottom(1000 - 400 - 99, 400, 1000)).toBe(true);
    expect(nearBottom(1000 - 400 - 100, 400, 1000)).toBe(false);
  });
});
