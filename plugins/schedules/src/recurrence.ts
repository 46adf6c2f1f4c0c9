import type { ScheduleRepeat } from '@guiche/contracts';

/**
 * Repeats of a schedule on the company's wall clock (America/Sao_Paulo): every occurrence keeps
 * the local time of the first one; a monthly repeat keeps its day of the month, or the month's
 * last day when the month is shorter (31 Jan → 28/29 Feb → 31 Mar), counted from the first
 * occurrence so a short month never shifts the later ones.
 */
export const SCHEDULE_ZONE = 'America/Sao_Paulo';
export type Repeat = ScheduleRepeat;

interface WallTime {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  return f;
}

export function wallTimeOf(instant: Date, zone = SCHEDULE_ZONE): WallTime {
  const parts = Object.fromEntries(formatter(zone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    ms: instant.getUTCMilliseconds(),
  };
}

/** The instant the zone's clocks show this wall time (the earlier one in a repeated hour, the later side of a skipped one). */
export function instantOf(wall: WallTime, zone = SCHEDULE_ZONE): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.ms);
  let guess = asUtc;
  for (let i = 0; i < 3; i++) {
    const shown = wallTimeOf(new Date(guess), zone);
    const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute, shown.second, wall.ms);
    const diff = shownUtc - asUtc;
    if (diff === 0) break;
    guess -= diff;
  }
  return new Date(guess);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The n-th occurrence (0 = the first) of a schedule first due at `first`. */
export function occurrence(first: Date, repeat: Repeat, n: number, zone = SCHEDULE_ZONE): Date {
  if (repeat === 'none' || n === 0) return first;
  const wall = wallTimeOf(first, zone);
  if (repeat === 'daily' || repeat === 'weekly') {
    const days = n * (repeat === 'daily' ? 1 : 7);
    const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
    return instantOf({ ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }, zone);
  }
  const months = wall.month - 1 + n;
  const year = wall.year + Math.floor(months / 12);
  const month = (months % 12) + 1;
  return instantOf({ ...wall, year, month, day: Math.min(wall.day, daysInMonth(year, month)) }, zone);
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
