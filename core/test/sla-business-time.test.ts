import { describe, expect, it } from 'vitest';
import { businessDeadline, businessSeconds } from '../src/sla/business-time.js';

/** SLA minutes counted only within the weekly hours (America/Sao_Paulo, UTC−3 all year since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);
const day = (weekdayEn: string, a: [string, string], b: [string, string] = ['', '']) => ({
  weekdayEn, startTimeA: a[0], endTimeA: a[1], startTimeB: b[0], endTimeB: b[1],
});
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => day(d, ['09:00', '12:00'], ['13:00', '18:00']));

describe('businessDeadline', () => {
  it('counts calendar minutes without hours, or with a week that never opens', () => {
    expect(businessDeadline(sp('2026-11-20T17:50:00'), 30, null)).toEqual(sp('2026-11-20T18:20:00'));
    expect(businessDeadline(sp('2026-11-20T17:50:00'), 30, [])).toEqual(sp('2026-11-20T18:20:00'));
    expect(businessDeadline(sp('2026-11-20T17:50:00'), 30, [day('monday', ['', ''])])).toEqual(sp('2026-11-20T18:20:00'));
  });

  it('inside a shift it is plain time, seconds kept', () => {
    expect(businessDeadline(sp('2026-11-18T10:00:30'), 45, weekdays)).toEqual(sp('2026-11-18T10:45:30'));
  });

  it('skips the lunch break between the two shifts', () => {
    expect(businessDeadline(sp('2026-11-18T11:40:00'), 30, weekdays)).toEqual(sp('2026-11-18T13:10:00'));
  });

  it('skips the night and the weekend (Friday 17:50 + 30 min → Monday 09:20)', () => {
    expect(businessDeadline(sp('2026-11-20T17:50:00'), 30, weekdays)).toEqual(sp('2026-11-23T09:20:00'));
    expect(businessDeadline(sp('2026-11-20T17:50:00'), 22.5, weekdays)).toEqual(sp('2026-11-23T09:12:30'));
  });

  it('a start out of hours waits for the opening', () => {
    expect(businessDeadline(sp('2026-11-21T08:00:00'), 60, weekdays)).toEqual(sp('2026-11-23T10:00:00'));
    expect(businessDeadline(sp('2026-11-18T06:00:00'), 60, weekdays)).toEqual(sp('2026-11-18T10:00:00'));
  });

  it('long targets span several days of hours (8 h of service a day)', () => {
    expect(businessDeadline(sp('2026-11-16T09:00:00'), 8 * 60 * 2 + 30, weekdays)).toEqual(sp('2026-11-18T09:30:00'));
  });
});

describe('businessSeconds', () => {
  it('is calendar seconds without hours', () => {
    expect(businessSeconds(sp('2026-11-20T17:50:00'), sp('2026-11-23T09:20:00'), null)).toBe((2 * 86400 + 15 * 3600 + 30 * 60));
  });

  it('counts only the open shifts: night, weekend and lunch skipped', () => {
    expect(businessSeconds(sp('2026-11-20T17:50:00'), sp('2026-11-23T09:20:00'), weekdays)).toBe(30 * 60);
    expect(businessSeconds(sp('2026-11-18T11:40:00'), sp('2026-11-18T13:10:00'), weekdays)).toBe(30 * 60);
    expect(businessSeconds(sp('2026-11-21T08:00:00'), sp('2026-11-21T20:00:00'), weekdays)).toBe(0);
    expect(businessSeconds(sp('2026-11-18T10:00:30'), sp('2026-11-18T10:00:31.5'), weekdays)).toBe(1.5);
  });

  it('is the inverse of businessDeadline, and negative backwards', () => {
    for (const [start, minutes] of [['2026-11-20T17:50:00', 30], ['2026-11-16T09:00:00', 990], ['2026-11-21T08:00:00', 60], ['2026-11-18T06:00:00', 22.5]] as const) {
      expect(businessSeconds(sp(start), businessDeadline(sp(start), minutes, weekdays), weekdays)).toBe(minutes * 60);
    }
    expect(businessSeconds(sp('2026-11-23T09:20:00'), sp('2026-11-20T17:50:00'), weekdays)).toBe(-30 * 60);
  });
});
