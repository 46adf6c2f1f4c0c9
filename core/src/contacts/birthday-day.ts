import { addDays, instantAt, localTime } from '../clock/business-clock.js';

export interface LocalMoment {
  /** 'YYYY-MM-DD' */
  day: string;
  year: number;
  month: number;
  date: number;
  /** 'HH:MM' */
  time: string;
}

/** `now` in the service-hours time zone (America/Sao_Paulo), where birthdays are counted. */
export function localMoment(now: Date): LocalMoment {
  const t = localTime(now);
  return { day: t.date, year: t.year, month: t.month, date: t.day, time: t.time };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The (month, day) pairs of birthdays celebrated on this local day. Someone born on 29 February is
 * greeted on 28 February in a year without one (and on the 29th in a leap year, never twice).
 */
export function birthdaysOn(local: Pick<LocalMoment, 'year' | 'month' | 'date'>): { month: number; day: number }[] {
  const today = { month: local.month, day: local.date };
  if (local.month === 2 && local.date === 28 && !isLeap(local.year)) return [today, { month: 2, day: 29 }];
  return [today];
}

/** The instant the local day `day` ('YYYY-MM-DD') reads `time` ('HH:MM') in the service-hours time zone. */
export function localInstant(day: string, time: string): Date {
  return instantAt(day, time);
}

/** The local day after `day`. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}
