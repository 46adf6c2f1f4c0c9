import { PLANTAO_TIMEZONE, Weekdays, type PlantaoDay, type WeekdayEn } from '@guiche/contracts';
import { addDays, instantAt, localTime } from '@guiche/core';

/**
 * The weekday windows of a rota, read in America/Sao_Paulo (core's business clock). A window is
 * [start, end) on its weekday; an end before its start runs past midnight into the next day.
 */

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const ORDER = Weekdays.map((d) => d.weekdayEn);
const previousDay = (weekday: WeekdayEn) => ORDER[(ORDER.indexOf(weekday) + 6) % 7]!;

function complete(days: PlantaoDay[]): PlantaoDay[] {
  return days.filter((d) => d.startTime && d.endTime && d.startTime !== d.endTime);
}

/** Whether `now` falls in one of the rota's windows. */
export function isOnCall(days: PlantaoDay[], now: Date): boolean {
  const t = localTime(now, PLANTAO_TIMEZONE);
  const weekday = t.weekday;
  const minutes = t.hour * 60 + t.minute;
  for (const day of complete(days)) {
    const start = toMinutes(day.startTime);
    const end = toMinutes(day.endTime);
    if (day.weekdayEn === weekday) {
      if (end > start ? minutes >= start && minutes < end : minutes >= start) return true;
    }
    // Yesterday's overnight window still running this morning.
    if (end < start && day.weekdayEn === previousDay(weekday) && minutes < end) return true;
  }
  return false;
}

/** The next time a window opens after `now` (within 8 days), or null for a rota without windows. */
export function nextWindowStart(days: PlantaoDay[], now: Date): Date | null {
  const windows = complete(days);
  if (!windows.length) return null;
  const today = localTime(now, PLANTAO_TIMEZONE);
  for (let offset = 0; offset <= 7; offset++) {
    const date = addDays(today.date, offset);
    const weekday = ORDER[(ORDER.indexOf(today.weekday) + offset) % 7]!;
    const starts = windows
      .filter((d) => d.weekdayEn === weekday)
      .map((d) => instantAt(date, d.startTime.slice(0, 5), PLANTAO_TIMEZONE))
      .filter((at) => at.getTime() > now.getTime())
      .sort((a, b) => a.getTime() - b.getTime());
    if (starts.length) return starts[0]!;
  }
  return null;
}
