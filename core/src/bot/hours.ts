import { SERVICE_HOURS_TIME_ZONE } from '@guiche/contracts';
import { localTime as wallClock } from '../clock/business-clock.js';

/** One weekday of service hours: two shifts; an empty shift is closed. */
export interface WeekdayHours {
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

/** The weekday ('monday') and the time ('HH:MM') of `now` in the service-hours time zone. */
export function localTime(now: Date): { weekday: string; time: string } {
  const { weekday, time } = wallClock(now, SERVICE_HOURS_TIME_ZONE);
  return { weekday, time };
}

function inShift(time: string, start: string, end: string): boolean {
  return Boolean(start && end) && time >= start && time < end;
}

/**
 * Within the weekly hours at `now`. A day absent from the list is closed; an empty list means
 * no hours were configured, which is never "out of hours".
 */
export function withinHours(schedules: readonly WeekdayHours[] | null | undefined, now: Date): boolean {
  if (!schedules?.length) return true;
  const { weekday, time } = localTime(now);
  const day = schedules.find((d) => d.weekdayEn === weekday);
  if (!day) return false;
  return inShift(time, day.startTimeA, day.endTimeA) || inShift(time, day.startTimeB, day.endTimeB);
}

/** A user's work hours (startWork/endWork 'HH:MM', an end before the start spans midnight). */
export function withinWorkHours(startWork: string | null, endWork: string | null, now: Date): boolean {
  const start = (startWork || '00:00').slice(0, 5);
  const end = (endWork || '23:59').slice(0, 5);
  const { time } = localTime(now);
  if (start <= end) return time >= start && time <= end;
  return time >= start || time <= end;
}
