import type { Knex } from 'knex';
import { DASHBOARD_TIMEZONE, type SlaDashboard, type SlaRowCounts } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { scoped } from '../dashboard/access.js';
import { inRange, type DayRange } from '../dashboard/range.js';
import { FIRST_RESPONSE_STATUS, RESOLUTION_STATUS } from './status-sql.js';

interface GroupRow {
  gDay: number;
  gQueue: number;
  gUser: number;
  day: string | null;
  queueId: number | null;
  userId: number | null;
  frMet: number;
  frBreached: number;
  frRunning: number;
  resMet: number;
  resBreached: number;
  resRunning: number;
  frP50: number | null;
  frP90: number | null;
  frP95: number | null;
  resP50: number | null;
  resP90: number | null;
  resP95: number | null;
}

const counts = (r: GroupRow): SlaRowCounts => ({
  firstResponseMet: r.frMet,
  firstResponseBreached: r.frBreached,
  resolutionMet: r.resMet,
  resolutionBreached: r.resBreached,
});
const seconds = (v: number | null) => (v === null || v === undefined ? null : Math.round(Number(v)));

/**
 * GET /dashboard/sla: tickets whose SLA started in the range (São Paulo days), within the caller's
 * scope (current queue and assignee, like every dashboard figure). One range scan of
 * ticket_sla (company_id, started_at) joined to ticket_metrics by its key, aggregated once with
 * GROUPING SETS: the totals with the percentiles (calendar seconds from the SLA start to the
 * first answer / to the close), and the counts per day, queue and agent.
 */
export async function slaDashboard(db: Knex, viewer: Viewer, range: DayRange): Promise<SlaDashboard> {
  const base = inRange(db, scoped(db('ticketSla as s').join('ticketMetrics as m', 'm.ticketId', 's.ticketId').where('s.companyId', viewer.companyId), viewer, 'm'), 's.startedAt', range)
    .select(
      db.raw(`to_char(s.started_at AT TIME ZONE '${DASHBOARD_TIMEZONE}', 'YYYY-MM-DD') AS day`),
      'm.queueId',
      'm.userId',
      db.raw(`${FIRST_RESPONSE_STATUS} AS fr`),
      db.raw(`${RESOLUTION_STATUS} AS res`),
      db.raw('extract(epoch FROM m.first_response_at - s.started_at) AS fr_seconds'),
      db.raw('extract(epoch FROM m.closed_at - s.started_at) AS res_seconds'),
    );
  const rows: GroupRow[] = await db
    .with('r', base)
    .from('r')
    .select(
      db.raw(`grouping(day) AS g_day, grouping(queue_id) AS g_queue, grouping(user_id) AS g_user, day, queue_id, user_id,
        count(*) FILTER (WHERE fr = 'met')::int AS fr_met, count(*) FILTER (WHERE fr = 'breached')::int AS fr_breached,
        count(*) FILTER (WHERE fr = 'running')::int AS fr_running,
        count(*) FILTER (WHERE res = 'met')::int AS res_met, count(*) FILTER (WHERE res = 'breached')::int AS res_breached,
        count(*) FILTER (WHERE res = 'running')::int AS res_running,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY fr_seconds) AS fr_p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY fr_seconds) AS fr_p90,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY fr_seconds) AS fr_p95,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY res_seconds) AS res_p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY res_seconds) AS res_p90,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY res_seconds) AS res_p95`),
    )
    .groupByRaw('GROUPING SETS ((), (day), (queue_id), (user_id))');
  const total = rows.find((r) => r.gDay && r.gQueue && r.gUser);
  const byDayRows = rows.filter((r) => !r.gDay).sort((a, b) => String(a.day).localeCompare(String(b.day)));
  const byQueueRows = rows.filter((r) => !r.gQueue);
  const byUserRows = rows.filter((r) => !r.gUser);
  const queueIds = byQueueRows.map((r) => r.queueId).filter((v): v is number => v !== null);
  const userIds = byUserRows.map((r) => r.userId).filter((v): v is number => v !== null);
  const [queues, users] = await Promise.all([
    queueIds.length ? db('queues').where({ companyId: viewer.companyId }).whereIn('id', queueIds).select('id', 'name') : [],
    userIds.length ? db('users').where({ companyId: viewer.companyId }).whereIn('id', userIds).select('id', 'name') : [],
  ]);
  const queueName = new Map<number, string>(queues.map((q: { id: number; name: string }) => [q.id, q.name]));
  const userName = new Map<number, string>(users.map((u: { id: number; name: string }) => [u.id, u.name]));
  const empty = { met: 0, breached: 0, running: 0 };
  return {
    firstResponse: total ? { met: total.frMet, breached: total.frBreached, running: total.frRunning } : empty,
    resolution: total ? { met: total.resMet, breached: total.resBreached, running: total.resRunning } : empty,
    byDay: byDayRows.map((r) => ({ day: r.day!, ...counts(r) })),
    byQueue: byQueueRows
      .map((r) => ({ queueId: r.queueId, queueName: r.queueId !== null ? (queueName.get(r.queueId) ?? null) : null, ...counts(r) }))
      .sort((a, b) => String(a.queueName ?? '').localeCompare(String(b.queueName ?? ''))),
    byUser: byUserRows
      .map((r) => ({ userId: r.userId, userName: r.userId !== null ? (userName.get(r.userId) ?? null) : null, ...counts(r) }))
      .sort((a, b) => String(a.userName ?? '').localeCompare(String(b.userName ?? ''))),
    percentiles: {
      firstResponse: { p50: seconds(total?.frP50 ?? null), p90: seconds(total?.frP90 ?? null), p95: seconds(total?.frP95 ?? null) },
      resolution: { p50: seconds(total?.resP50 ?? null), p90: seconds(total?.resP90 ?? null), p95: seconds(total?.resP95 ?? null) },
    },
  };
}
