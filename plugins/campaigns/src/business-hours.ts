import { SERVICE_HOURS_TIME_ZONE } from '@guiche/contracts';

/** One weekday of the company's service hours (companies.schedules): two shifts; an empty one is closed. */
interface WeekdayHours {
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

const formatter = new Intl.DateTimeFormat('en-US', { timeZone: SERVICE_HOURS_TIME_ZONE, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const inShift = (time: string, start: string, end: string) => Boolean(start && end) && time >= start && time < end;

/**
 * Within the company's weekly hours at `now` (the core's rule for the bot's out-of-hours message,
 * core/src/bot/hours.ts): a day absent from the list is closed; no hours configured is always open.
 */
export function withinBusinessHours(schedules: readonly WeekdayHours[] | null | undefined, now: Date): boolean {
  if (!Array.isArray(schedules) || !schedules.length) return true;
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = get('weekday').toLowerCase();
  const time = `${get('hour')}:${get('minute')}`;
  const day = schedules.find((d) => d.weekdayEn === weekday);
  return !!day && (inShift(time, day.startTimeA, day.endTimeA) || inShift(time, day.startTimeB, day.endTimeB));
}
