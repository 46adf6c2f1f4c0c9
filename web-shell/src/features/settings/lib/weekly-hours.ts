import { z } from 'zod';
import { Weekdays, V } from '@guiche/contracts';

/**
 * Weekly service hours (outreach-config.md §3 Queue.schedules, account-admin.md §3 Connection
 * schedules, the settings' company schedules): Monday to Sunday, shifts A and B as HH:MM; an empty
 * shift is not worked. Shared by the queue dialog, the connection dialog and the settings page.
 */
export interface DaySchedule {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export const SHIFT_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
export type ShiftField = (typeof SHIFT_FIELDS)[number];

/** Keys of the settings namespace for what the shared validation keys do not cover. */
export const HoursV = {
  pair: 'settings:validation.shiftPair',
  order: 'settings:validation.shiftOrder',
  overlap: 'settings:validation.shiftOverlap',
} as const;

/** account-admin.md §9, outreach-config.md §9: 08:00-12:00 and 13:00-18:00 every day. */
export const DEFAULT_SHIFTS = { startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' } as const;

export function defaultWeek(): DaySchedule[] {
  return Weekdays.map((d) => ({ ...d, ...DEFAULT_SHIFTS }));
}

/**
 * Always seven days in Monday-first order: the stored ones (matched by weekdayEn), the missing
 * ones from the defaults (`fill: 'default'`) or closed (`fill: 'closed'`).
 */
export function normalizeWeek(stored: readonly Partial<DaySchedule>[] | null | undefined, fill: 'default' | 'closed' = 'default'): DaySchedule[] {
  if (!stored?.length && fill === 'default') return defaultWeek();
  const byDay = new Map((stored ?? []).filter((d) => d && d.weekdayEn).map((d) => [d.weekdayEn as string, d]));
  const closed = { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' };
  return Weekdays.map((d) => {
    const day = byDay.get(d.weekdayEn);
    if (!day) return { ...d, ...(fill === 'default' ? DEFAULT_SHIFTS : closed) };
    return {
      weekday: d.weekday,
      weekdayEn: d.weekdayEn,
      startTimeA: day.startTimeA ?? '',
      endTimeA: day.endTimeA ?? '',
      startTimeB: day.startTimeB ?? '',
      endTimeB: day.endTimeB ?? '',
    };
  });
}

/**
 * What is typed in a time box, as HH:MM while typing: digits only, a colon after the hours
 * ("0830" → "08:30", "8" → "8", "083" → "08:3").
 */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Problems of one week, with paths relative to the list (`[day, field]`). */
export function weekIssues(days: readonly DaySchedule[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  days.forEach((day, i) => {
    for (const field of SHIFT_FIELDS) if (day[field] && !TIME.test(day[field])) issues.push({ path: [i, field], message: V.time });
    for (const [start, end] of [['startTimeA', 'endTimeA'], ['startTimeB', 'endTimeB']] as const) {
      const s = day[start];
      const e = day[end];
      if (!TIME.test(s) && s) continue;
      if (!TIME.test(e) && e) continue;
      if (Boolean(s) !== Boolean(e)) issues.push({ path: [i, s ? end : start], message: HoursV.pair });
      else if (s && e && s >= e) issues.push({ path: [i, end], message: HoursV.order });
    }
    const { endTimeA, startTimeB } = day;
    if (TIME.test(endTimeA) && TIME.test(startTimeB) && TIME.test(day.endTimeB) && startTimeB < endTimeA) issues.push({ path: [i, 'startTimeB'], message: HoursV.overlap });
  });
  return issues;
}

/** The week as a zod schema (for a form built with zodFormikValidate). */
export const weekSchema = z.array(z.any()).superRefine((days, ctx) => {
  for (const issue of weekIssues(days as DaySchedule[])) ctx.addIssue({ code: 'custom', ...issue });
});

/** What the server stores: seven days, blank shifts as ''. */
export function weekPayload(days: readonly DaySchedule[]): DaySchedule[] {
  return days.map((d) => ({ weekday: d.weekday, weekdayEn: d.weekdayEn, startTimeA: d.startTimeA, endTimeA: d.endTimeA, startTimeB: d.startTimeB, endTimeB: d.endTimeB }));
}
