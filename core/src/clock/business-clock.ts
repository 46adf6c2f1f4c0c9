import { DateTime } from 'luxon';
import { SERVICE_HOURS_TIME_ZONE, Weekdays, type WeekdayEn } from '@guiche/contracts';

/**
 * The product's wall clock (America/Sao_Paulo: service hours, birthdays, reports, due dates,
 * message variables), on luxon: the zone's rules come from the runtime's time-zone data, not
 * from offsets we compute. Calendar days are 'YYYY-MM-DD' strings.
 */
export const BUSINESS_ZONE = SERVICE_HOURS_TIME_ZONE;

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' */
  time: string;
  /** The weekday as service hours and rotas store it ('monday'). */
  weekday: WeekdayEn;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the zone's wall clock reads it. */
export function localTime(at: Date, zone = BUSINESS_ZONE): LocalTime {
  const t = DateTime.fromJSDate(at, { zone });
  return {
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.hour,
    minute: t.minute,
    second: t.second,
    date: t.toISODate()!,
    time: `${pad(t.hour)}:${pad(t.minute)}`,
    // luxon counts 1 (Monday) … 7 (Sunday), the order of Weekdays.
    weekday: Weekdays[t.weekday - 1]!.weekdayEn,
  };
}

/** Today's calendar day in the zone. */
export function localDay(at = new Date(), zone = BUSINESS_ZONE): string {
  return DateTime.fromJSDate(at, { zone }).toISODate()!;
}

/** The instant the zone's wall clock reads `time` ('HH:MM') on `day` ('YYYY-MM-DD'). */
export function instantAt(day: string, time: string, zone = BUSINESS_ZONE): Date {
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromISO(day, { zone }).set({ hour, minute, second: 0, millisecond: 0 }).toJSDate();
}

/** The calendar day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const next = DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate();
  if (!next) throw new RangeError(`not a calendar day: ${day}`);
  return next;
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days);
}

/**
 * `at` moved by whole days or months on the zone's wall clock: the same local time (across a
 * daylight-saving change too), a month's day clamped to the shorter month's last.
 */
export function plusOnWallClock(at: Date, amount: { days?: number; months?: number }, zone = BUSINESS_ZONE): Date {
  return DateTime.fromJSDate(at, { zone }).plus(amount).toJSDate();
}
