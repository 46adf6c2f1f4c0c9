import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../src/lru.js';

describe('BoundedCache (lru-cache)', () => {
  it('drops the least recently used entry beyond its bound, a read counting as a use', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(3);
    expect(cache.entries()).toEqual([['c', 3], ['a', 1], ['d', 4]]);
    cache.set('c', 30);
    expect(cache.entries()).toEqual([['a', 1], ['d', 4], ['c', 30]]);
    cache.delete('a');
    expect(cache.entries()).toEqual([['d', 4], ['c', 30]]);
  });

  it('holds null (a number known to have no LID) apart from a missing key', () => {
    const cache = new BoundedCache<string, string | null>(2);
    cache.set('5511', null);
    expect(cache.get('5511')).toBeNull();
    expect(cache.get('5522')).toBeUndefined();
  });

  it('forgets an entry once its time is over, on its own clock, and a write starts the time again', () => {
    let now = 1_000;
    const cache = new BoundedCache<string, string>(10, 100, () => now);
    cache.set('g1', 'first');
    cache.set('g2', 'second');
    now += 60;
    expect(cache.get('g1')).toBe('first');
    cache.set('g2', 'again');
    now += 50;
    expect(cache.get('g1')).toBeUndefined();
    expect(cache.entries()).toEqual([['g2', 'again']]);
    now += 100;
    expect(cache.get('g2')).toBeUndefined();
    expect(cache.entries()).toEqual([]);
  });
});
