import { describe, expect, it } from 'vitest';
import { businessDeadline } from '../src/sla/business-time.js';

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
