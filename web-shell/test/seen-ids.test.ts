import { describe, expect, it } from 'vitest';
import { SeenIds } from '../src/features/tickets/lib/seen-ids.js';

describe('SeenIds (a message announced twice rings once)', () => {
  it('answers true only for the first arrival of an id', () => {
    const seen = new SeenIds();
    expect(seen.first(7)).toBe(true);
    expect(seen.first(7)).toBe(false);
    expect(seen.first(8)).toBe(true);
    expect(seen.first(7)).toBe(false);
  });

  it('forgets the oldest ids beyond its capacity, and only those', () => {
    const seen = new SeenIds(3);
    for (const id of [1, 2, 3, 4]) expect(seen.first(id)).toBe(true);
    expect(seen.first(4)).toBe(false);
    expect(seen.first(2)).toBe(false);
    expect(seen.first(1)).toBe(true);
  });
});
