import type { Knex } from 'knex';
import type { SlaDashboard } from '@guiche/contracts';
import { FIRST_RESPONSE_SECONDS, FIRST_RESPONSE_STATUS, RESOLUTION_SECONDS, RESOLUTION_STATUS } from '../src/sla/status-sql.js';

/** Whose tickets: a company's admin sees all, a plain user theirs and the unassigned ones of their queues (without a queue under allTicket; dashboard/access.ts). */
export type OracleScope = { admin: true } | { admin: false; userId: number; queueIds: number[]; allTicket: boolean };

export type ExactPercentiles = Record<'firstResponse' | 'resolution', Record<'p50' | 'p90' | 'p95', number | null>>;

/**
 * GET /dashboard/sla as it was before the rollup (one pass over every ticket_sla row started in
 * the range, joined to ticket_metrics, verdicts by status-sql.ts), with the percentiles exact
 * (percentile_cont, not rounded): the oracle the rollup-backed dashboard must equal.
 */
export async function oldSlaDashboard(
  db: Knex,
  companyId: number,
  scope: OracleScope,
  range: { from: string; to: string },
): Promise<{ dashboard: Omit<SlaDashboard, 'percentiles'>; exact: ExactPercentiles }> {
  const z = 'America/Sao_Paulo';
  const mine = scope.admin ? 'true' : '(m.user_id = ? OR (m.user_id IS NULL AND (m.queue_id = ANY (?::int[]) OR (?::boolean AND m.queue_id IS NULL))))';
  const { rows: raw } = await db.raw(
    `WITH r AS (
       SELECT to_char(s.started_at AT TIME ZONE '${z}', 'YYYY-MM-DD') AS day, m.queue_id, m.user_id,
              ${FIRST_RESPONSE_STATUS} AS fr, ${RESOLUTION_STATUS} AS res,
              ${FIRST_RESPONSE_SECONDS} AS fr_seconds,
              ${RESOLUTION_SECONDS} AS res_seconds
         FROM ticket_sla s JOIN ticket_metrics m ON m.ticket_id = s.ticket_id
        WHERE s.company_id = ? AND m.company_id = ? AND ${mine}
          AND s.started_at >= ((?::date)::timestamp AT TIME ZONE '${z}') AND s.started_at < ((?::date + 1)::timestamp AT TIME ZONE '${z}'))
     SELECT grouping(day) AS g_day, grouping(queue_id) AS g_queue, grouping(user_id) AS g_user, day, queue_id, user_id,
            count(*) FILTER (WHERE fr = 'met')::int AS fr_met, count(*) FILTER (WHERE fr = 'breached')::int AS fr_breached,
            count(*) FILTER (WHERE fr = 'running')::int AS fr_running,
            count(*) FILTER (WHERE res = 'met')::int AS res_met, count(*) FILTER (WHERE res = 'breached')::int AS res_breached,
            count(*) FILTER (WHERE res = 'running')::int AS res_running,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY fr_seconds) AS fr_p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY fr_seconds) AS fr_p90,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY fr_seconds) AS fr_p95,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY res_seconds) AS res_p50, percentile_cont(0.9) WITHIN GROUP (ORDER BY res_seconds) AS res_p90,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY res_seconds) AS res_p95
       FROM r GROUP BY GROUPING SETS ((), (day), (queue_id), (user_id))`,
    [companyId, companyId, ...(scope.admin ? [] : [scope.userId, scope.queueIds, scope.allTicket]), range.from, range.to],
  );
  // Raw rows keep the SQL names: camelCase them as the query builder does.
  const rows = (raw as Record<string, unknown>[]).map((r) => Object.fromEntries(Object.entries(r).map(([key, v]) => [key.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), v]))) as any[];
  const names = async (table: string) =>
    new Map<number, string>((await db(table).where({ companyId }).select('id', 'name')).map((r: { id: number; name: string }) => [r.id, r.name]));
  const [queues, users] = await Promise.all([names('queues'), names('users')]);
  const counts = (r: any) => ({ firstResponseMet: r.frMet, firstResponseBreached: r.frBreached, resolutionMet: r.resMet, resolutionBreached: r.resBreached });
  const total = rows.find((r: any) => r.gDay && r.gQueue && r.gUser);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    dashboard: {
      firstResponse: { met: total.frMet, breached: total.frBreached, running: total.frRunning },
      resolution: { met: total.resMet, breached: total.resBreached, running: total.resRunning },
      byDay: rows.filter((r: any) => !r.gDay).map((r: any) => ({ day: r.day, ...counts(r) })),
      byQueue: rows.filter((r: any) => !r.gQueue).map((r: any) => ({ queueId: r.queueId, queueName: r.queueId === null ? null : (queues.get(r.queueId) ?? null), ...counts(r) })),
      byUser: rows.filter((r: any) => !r.gUser).map((r: any) => ({ userId: r.userId, userName: r.userId === null ? null : (users.get(r.userId) ?? null), ...counts(r) })),
    },
    exact: {
      firstResponse: { p50: num(total.frP50), p90: num(total.frP90), p95: num(total.frP95) },
      resolution: { p50: num(total.resP50), p90: num(total.resP90), p95: num(total.resP95) },
    },
  };
}

/** The same lists in one order (day; queue or agent id, none first), so two dashboards compare with toEqual. */
export function ordered(d: Omit<SlaDashboard, 'percentiles'>): Omit<SlaDashboard, 'percentiles'> {
  const byId = (key: 'queueId' | 'userId') => (a: any, b: any) => (a[key] ?? -1) - (b[key] ?? -1);
  return {
    firstResponse: d.firstResponse,
    resolution: d.resolution,
    byDay: [...d.byDay].sort((a, b) => a.day.localeCompare(b.day)),
    byQueue: [...d.byQueue].sort(byId('queueId')),
    byUser: [...d.byUser].sort(byId('userId')),
  };
}
