import { describe, expect, it } from 'vitest';
import { instantAt, localTime } from '@guiche/core';
import { nextOccurrence, occurrence } from '../src/recurrence.js';

/** Pure wall-time arithmetic of repeats (the sending tests drive the same code through timers). */

const sp = (local: string) => new Date(`${local}-03:00`);

describe('occurrences on São Paulo wall time', () => {
  it('keeps 09:00 local for a whole DST-free year of daily repeats', () => {
    const first = sp('2027-01-01T09:00:00');
    for (let n = 0; n < 365; n++) {
      const wall = localTime(occurrence(first, 'daily', n));
      expect([wall.hour, wall.minute]).toEqual([9, 0]);
    }
    expect(occurrence(first, 'daily', 364).toISOString()).toBe(sp('2027-12-31T09:00:00').toISOString());
  });

  it('monthly from the 31st and the 30th clamps to shorter months without drifting', () => {
    const from31 = [0, 1, 2, 3, 12, 13].map((n) => occurrence(sp('2027-01-31T18:45:00'), 'monthly', n).toISOString());
    expect(from31).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2028-01-31', '2028-02-29'].map((d) => sp(`${d}T18:45:00`).toISOString()));
    expect(occurrence(sp('2027-11-30T00:15:00'), 'monthly', 3).toISOString()).toBe(sp('2028-02-29T00:15:00').toISOString());
  });

  it('keeps the local time in a zone with daylight saving too (the arithmetic is on wall time)', () => {
    const zone = 'America/New_York';
    const first = instantAt('2027-03-13', '09:00', zone);
    const after = occurrence(first, 'daily', 1, zone);
    expect(localTime(after, zone)).toMatchObject({ day: 14, hour: 9, minute: 0 });
    expect(after.getTime() - first.getTime()).toBe(23 * 3_600_000);
    // 02:30 does not exist on the day the clocks jump: that day's repeat is at the later side, 03:30.
    const skipped = occurrence(instantAt('2027-03-13', '02:30', zone), 'daily', 1, zone);
    expect(localTime(skipped, zone)).toMatchObject({ day: 14, hour: 3, minute: 30 });
  });

  it('the next occurrence is the first after both the one sent and now, and none past the end', () => {
    const first = sp('2027-05-01T08:00:00');
    expect(nextOccurrence(first, 'weekly', 1, sp('2027-05-01T08:00:00'), null)?.at.toISOString()).toBe(sp('2027-05-08T08:00:00').toISOString());
    expect(nextOccurrence(first, 'weekly', 1, sp('2027-05-20T00:00:00'), null)?.at.toISOString()).toBe(sp('2027-05-22T08:00:00').toISOString());
    expect(nextOccurrence(first, 'weekly', 1, sp('2027-05-20T00:00:00'), sp('2027-05-21T00:00:00'))).toBeNull();
    expect(nextOccurrence(first, 'none', 1, first, null)).toBeNull();
  });
});
