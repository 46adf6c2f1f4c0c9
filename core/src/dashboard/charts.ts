import type { Knex } from 'knex';
import { DASHBOARD_TIMEZONE } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { metrics } from './access.js';
import { daily, DailyKind } from './daily.js';
import { eachDay, inRange, type DayRange } from './range.js';

const Z = DASHBOARD_TIMEZONE;
export const NO_QUEUE = { id: 0, name: 'Sem fila', color: '#7C7C7C' };

/**
 * GET /dashboard/total-atendimentos: tickets created per São Paulo day, or per hour (0–23) when
 * the range is one day. Every bucket is listed, empty ones with 0.
 */
export async function totalsPerBucket(db: Knex, viewer: Viewer, range: DayRange) {
  const hourly = range.from === range.to;
  // One day's hours come from its tickets (a day is small); longer ranges from the daily totals.
  const rows: { bucket: string | number; total: number }[] = hourly
    ? await inRange(db, metrics(db, viewer), 'm.createdAt', range)
        .groupByRaw('1')
        .select(db.raw(`extract(hour FROM m.created_at AT TIME ZONE '${Z}')::int AS bucket`), db.raw('count(*)::int AS total'))
    : await daily(db, viewer, DailyKind.created, range)
        .groupBy('d.day')
        .select(db.raw(`to_char(d.day, 'YYYY-MM-DD') AS bucket`), db.raw('sum(d.tickets)::int AS total'));
  const counts = new Map(rows.map((r) => [String(r.bucket), r.total]));
  const labels = hourly ? Array.from({ length: 24 }, (_, h) => String(h)) : eachDay(range);
  return { unit: hourly ? 'hour' : 'day', data: labels.map((label) => ({ label, total: counts.get(label) ?? 0 })) };
}

/** GET /dashboard/queues: tickets created in the range per queue (department), 'Sem fila' as id 0. */
export async function totalsPerQueue(db: Knex, viewer: Viewer, range: DayRange) {
  const rows: { queueId: number | null; total: number }[] = await daily(db, viewer, DailyKind.created, range)
    .groupBy('d.queueId')
    .havingRaw('sum(d.tickets) > 0')
    .select('d.queueId', db.raw('sum(d.tickets)::int AS total'));
  const ids = rows.map((r) => r.queueId).filter((id): id is number => id !== null);
  const queues: { id: number; name: string; color: string }[] = ids.length
    ? await db('queues').where({ companyId: viewer.companyId }).whereIn('id', ids).select('id', 'name', 'color')
    : [];
  const byId = new Map(queues.map((q) => [q.id, q]));
  return rows
    .map((r) => ({ ...(r.queueId === null ? NO_QUEUE : (byId.get(r.queueId) ?? { ...NO_QUEUE, id: r.queueId })), total: r.total }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/** GET /dashboard/ticketsUsers: tickets finished in the range per attendant (the assignee when it closed). */
export async function totalsPerUser(db: Knex, viewer: Viewer, range: DayRange) {
  const rows: { userId: number; total: number }[] = await daily(db, viewer, DailyKind.closed, range)
    .whereNotNull('d.userId')
    .groupBy('d.userId')
    .havingRaw('sum(d.finished) > 0')
    .select('d.userId', db.raw('sum(d.finished)::int AS total'));
  const users: { id: number; name: string }[] = rows.length
    ? await db('users').where({ companyId: viewer.companyId }).whereIn('id', rows.map((r) => r.userId)).select('id', 'name')
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return rows
    .map((r) => ({ userId: r.userId, name: names.get(r.userId) ?? String(r.userId), total: r.total }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/**
 * GET /dashboard/atendimentos-encerrados: tickets closed per São Paulo day of the range, split in
 * finished by an agent and closed without one.
 */
export async function closedPerDay(db: Knex, viewer: Viewer, range: DayRange) {
  const rows: { day: string; finished: number; withoutAgent: number }[] = await daily(db, viewer, DailyKind.closed, range)
    .groupBy('d.day')
    .select(db.raw(`to_char(d.day, 'YYYY-MM-DD') AS day`), db.raw('sum(d.finished)::int AS finished'), db.raw('sum(d.without_agent)::int AS without_agent'));
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const data = eachDay(range).map((day) => ({ day, finished: byDay.get(day)?.finished ?? 0, withoutAgent: byDay.get(day)?.withoutAgent ?? 0 }));
  return { total: data.reduce((n, d) => n + d.finished + d.withoutAgent, 0), data };
}
