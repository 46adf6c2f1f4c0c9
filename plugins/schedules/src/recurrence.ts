import type { ScheduleRepeat } from '@guiche/contracts';
import { BUSINESS_ZONE, plusOnWallClock } from '@guiche/core';

/**
 * Repeats of a schedule on the company's wall clock (America/Sao_Paulo, core's business clock):
 * every occurrence keeps the local time of the first one; a monthly repeat keeps its day of the
 * month, or the month's last day when the month is shorter (31 Jan → 28/29 Feb → 31 Mar), counted
 * from the first occurrence so a short month never shifts the later ones.
 */
export type Repeat = ScheduleRepeat;

/** The n-th occurrence (0 = the first) of a schedule first due at `first`. */
export function occurrence(first: Date, repeat: Repeat, n: number, zone = BUSINESS_ZONE): Date {
  if (repeat === 'none' || n === 0) return first;
  if (repeat === 'monthly') return plusOnWallClock(first, { months: n }, zone);
  return plusOnWallClock(first, { days: n * (repeat === 'daily' ? 1 : 7) }, zone);
}

/**
 * The first occurrence after `sent` that is strictly later than `after` and not past `until`;
 * null when the repeat has ended. `count` is how many occurrences there were before (n of the next).
 */
export function nextOccurrence(first: Date, repeat: Repeat, count: number, after: Date, until: Date | null): { at: Date; n: number } | null {
  if (repeat === 'none') return null;
  for (let n = count; n < count + 100_000; n++) {
    const at = occurrence(first, repeat, n);
    if (until && at.getTime() > until.getTime()) return null;
    if (at.getTime() > after.getTime()) return { at, n };
  }
  return null;
}
