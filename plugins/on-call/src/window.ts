import { PLANTAO_TIMEZONE, Weekdays, type PlantaoDay, type WeekdayEn } from '@guiche/contracts';

/**
 * The weekday windows of a rota, read in America/Sao_Paulo. A window is [start, end) on its
 * weekday; an end before its start runs past midnight into the next day.
 */

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: PLANTAO_TIMEZONE,
  hourCycle: 'h23',
  weekday: 'long',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface LocalTime {
  weekdayEn: WeekdayEn;
  year: number;
  month: number;
  day: number;
  /** Minutes since local midnight. */
  minutes: number;
}

function local(date: Date): LocalTime & { second: number } {
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    weekdayEn: parts.weekday!.toLowerCase() as WeekdayEn,
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    second: Number(parts.second),
  };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const ORDER = Weekdays.map((d) => d.weekdayEn);
const previousDay = (weekday: WeekdayEn) => ORDER[(ORDER.indexOf(weekday) + 6) % 7]!;

function complete(days: PlantaoDay[]): PlantaoDay[] {
  return days.filter((d) => d.startTime && d.endTime && d.startTime !== d.endTime);
}

/** Whether `now` falls in one of the rota's windows. */
export function isOnCall(days: PlantaoDay[], now: Date): boolean {
  const t = local(now);
  for (const day of complete(days)) {
    const start = toMinutes(day.startTime);
    const end = toMinutes(day.endTime);
    if (day.weekdayEn === t.weekdayEn) {
      if (end > start ? t.minutes >= start && t.minutes < end : t.minutes >= start) return true;
    }
    // Yesterday's overnight window still running this morning.
    if (end < start && day.weekdayEn === previousDay(t.weekdayEn) && t.minutes < end) return true;
  }
  return false;
}

/** The UTC instant of a local wall time in the rota's zone (offset read from the zone itself). */
function zonedToUtc(year: number, month: number, day: number, minutes: number): Date {
  const guess = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const seen = local(new Date(guess));
  const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, Math.floor(seen.minutes / 60), seen.minutes % 60, seen.second);
  return new Date(guess - (seenUtc - guess));
}

/** The next time a window opens after `now` (within 8 days), or null for a rota without windows. */
export function nextWindowStart(days: PlantaoDay[], now: Date): Date | null {
  const windows = complete(days);
  if (!windows.length) return null;
  const today = local(now);
  for (let offset = 0; offset <= 7; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const weekday = ORDER[(ORDER.indexOf(today.weekdayEn) + offset) % 7]!;
    const starts = windows
      .filter((d) => d.weekdayEn === weekday)
      .map((d) => zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), toMinutes(d.startTime)))
      .filter((at) => at.getTime() > now.getTime())
      .sort((a, b) => a.getTime() - b.getTime());
    if (starts.length) return starts[0]!;
  }
  return null;
}
