import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, instantAt, localDay, localTime } from '../src/clock/business-clock.js';

/** The hand-written Intl readings the clock replaced, kept as the expectation. */
function intlParts(at: Date, zone = 'America/Sao_Paulo') {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(at).toLowerCase();
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}`, second: Number(get('second')), weekday };
}

// Instants over years with and without São Paulo's old daylight saving (it ended in 2019).
const instants = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2016, 0, 1) + i * 7_919_993_117));

describe('business clock (luxon, America/Sao_Paulo)', () => {
  it('reads every instant as the Intl formatter does', () => {
    for (const at of instants) {
      const old = intlParts(at);
      const t = localTime(at);
      expect({ date: t.date, time: t.time, second: t.second, weekday: t.weekday }).toEqual(old);
      expect(localDay(at)).toBe(old.date);
      expect(localDay(at, 'Asia/Tokyo')).toBe(intlParts(at, 'Asia/Tokyo').date);
    }
  });

  it('finds the instant a local day and time name, the reading going back to them', () => {
    expect(instantAt('2026-03-10', '09:30').toISOString()).toBe('2026-03-10T12:30:00.000Z');
    expect(instantAt('2018-12-01', '09:30').toISOString()).toBe('2018-12-01T11:30:00.000Z'); // daylight saving then
    for (const at of instants) {
      const { date, time } = intlParts(at);
      const back = instantAt(date, time);
      expect(intlParts(back).time).toBe(time);
      expect(intlParts(back).date).toBe(date);
    }
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-10-31', 30)).toBe('2026-11-30');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
    expect(() => addDays('not a day', 1)).toThrow(RangeError);
  });
});
