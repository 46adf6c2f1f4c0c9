import { localTime, type WeekdayHours } from '../bot/hours.js';

const MINUTE = 60000;
const DAY_MINUTES = 1440;

function minutesOf(hhmm: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(hhmm ?? '');
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A weekday's open shifts as [start, end) minutes of the day, the way withinHours reads them (an empty or reversed shift is closed). */
function shiftsOf(day: WeekdayHours | undefined): [number, number][] {
  if (!day) return [];
  const shifts: [number, number][] = [];
  for (const [a, b] of [
    [day.startTimeA, day.endTimeA],
    [day.startTimeB, day.endTimeB],
  ] as const) {
    const start = minutesOf(a);
    const end = minutesOf(b);
    if (start !== null && end !== null && start < end) shifts.push([start, end]);
  }
  return shifts.sort((x, y) => x[0] - y[0]);
}

/** Whether the week has any open shift (without one every minute counts, as withinHours never says "out of hours"). */
function hasHours(schedules: readonly WeekdayHours[] | null | undefined): schedules is readonly WeekdayHours[] {
  return Boolean(schedules?.length && schedules.some((d) => shiftsOf(d).length));
}

/**
 * The open spans of service time from `from` on, in order, as [start, end) instants: the first
 * begins at `from` when it falls inside a shift. Each step spends a shift or jumps to the next
 * opening: a few steps per day of the week.
 */
function* openSpans(from: number, schedules: readonly WeekdayHours[]): Generator<[number, number]> {
  let at = from;
  for (let step = 0; step < 100000; step += 1) {
    const { weekday, time } = localTime(new Date(at));
    const minuteOfDay = minutesOf(time) ?? 0;
    const intoDay = minuteOfDay * MINUTE + (at % MINUTE);
    const shifts = shiftsOf(schedules.find((d) => d.weekdayEn === weekday));
    const current = shifts.find(([s, e]) => minuteOfDay >= s && minuteOfDay < e);
    if (current) {
      const end = at + current[1] * MINUTE - intoDay;
      yield [at, end];
      at = end;
      continue;
    }
    const next = shifts.find(([s]) => s > minuteOfDay);
    at += (next ? next[0] : DAY_MINUTES) * MINUTE - intoDay;
  }
}

/**
 * The instant `minutes` of service time after `start`: only the minutes within the weekly hours
 * count (bot/hours.ts's `withinHours` and its zone, America/Sao_Paulo). No hours configured, or a
 * week without any open shift, counts every minute (calendar time), as withinHours never calls
 * such a company "out of hours".
 */
export function businessDeadline(start: Date, minutes: number, schedules: readonly WeekdayHours[] | null | undefined): Date {
  const calendar = new Date(start.getTime() + minutes * MINUTE);
  if (!hasHours(schedules)) return calendar;
  let remaining = minutes * MINUTE;
  for (const [from, to] of openSpans(start.getTime(), schedules)) {
    if (remaining <= to - from) return new Date(from + remaining);
    remaining -= to - from;
  }
  return calendar;
}

/**
 * The service time between two instants, in seconds, on the clock the targets use: only the time
 * within the weekly hours counts (the inverse of businessDeadline: businessSeconds(s, businessDeadline(s, m, h), h)
 * is m × 60); calendar seconds without hours. The dashboard's percentiles read it (ticket_sla's
 * *_seconds), so they follow the same clock as met/breached. An end before the start is negative.
 */
export function businessSeconds(start: Date, end: Date, schedules: readonly WeekdayHours[] | null | undefined): number {
  const from = start.getTime();
  const to = end.getTime();
  if (to < from) return -businessSeconds(end, start, schedules);
  if (!hasHours(schedules)) return (to - from) / 1000;
  let counted = 0;
  for (const [open, close] of openSpans(from, schedules)) {
    if (open >= to) break;
    counted += Math.min(close, to) - open;
  }
  return counted / 1000;
}
