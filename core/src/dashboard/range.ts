import type { Knex } from 'knex';
import { DASHBOARD_MAX_RANGE_DAYS, DASHBOARD_TIMEZONE, DashboardV, type DashboardQuery } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import { addDays, daysBetween, localDay } from '../clock/business-clock.js';

/** A range of calendar days in America/Sao_Paulo, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export { addDays, daysBetween };

/** Today's date in São Paulo (YYYY-MM-DD). */
export function todayInZone(now = new Date()): string {
  return localDay(now, DASHBOARD_TIMEZONE);
}

function invalid(message: string): AppError {
  return new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['date_from'], message }] });
}

function realDay(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

/** checks a from/to pair: real days, in order, not longer than a year. */
export function checkedRange(from: string, to: string): DayRange {
  if (!realDay(from) || !realDay(to)) throw invalid(DashboardV.date);
  const span = daysBetween(from, to);
  if (span < 0 || span >= DASHBOARD_MAX_RANGE_DAYS) throw invalid(DashboardV.range);
  return { from, to };
}

/**
 * days=N: the last N days with today; else date_from/date_to (or initialDate/finalDate), a
 * missing end being the other one. Nothing → 'Parametrize o filtro'.
 */
export function resolveRange(query: DashboardQuery, now = new Date()): DayRange {
  const today = todayInZone(now);
  if (query.days) return { from: addDays(today, 1 - query.days), to: today };
  const from = query.date_from ?? query.initialDate;
  const to = query.date_to ?? query.finalDate;
  if (!from && !to) throw invalid(DashboardV.filterRequired);
  return checkedRange(from ?? to!, to ?? from!);
}

/** The instants the range covers: [start of `from`, start of the day after `to`) in São Paulo. */
export function rangeBounds(db: Knex, range: DayRange): { start: Knex.Raw; end: Knex.Raw } {
  return {
    start: db.raw(`((?::date)::timestamp AT TIME ZONE '${DASHBOARD_TIMEZONE}')`, [range.from]),
    end: db.raw(`((?::date + 1)::timestamp AT TIME ZONE '${DASHBOARD_TIMEZONE}')`, [range.to]),
  };
}

/** where column in the range (an index range on it). */
export function inRange(db: Knex, query: Knex.QueryBuilder, column: string, range: DayRange): Knex.QueryBuilder {
  const { start, end } = rangeBounds(db, range);
  return query.where(column, '>=', start).where(column, '<', end);
}

/** Every day of the range (for charts with no gaps). */
export function eachDay(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}
