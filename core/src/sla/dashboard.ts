import type { Knex } from 'knex';
import type { SlaDashboard, SlaRowCounts } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { scoped } from '../dashboard/access.js';
import type { DayRange } from '../dashboard/range.js';
import { histogramPercentile, type SecondsBucket } from './percentiles.js';

interface GroupRow {
  gDay: number;
  gQueue: number;
  gUser: number;
  day: string | null;
  queueId: number | null;
  userId: number | null;
  queueName: string | null;
  userName: string | null;
  frMet: number;
  frBreached: number;
  frRunning: number;
  resMet: number;
  resBreached: number;
  resRunning: number;
  /** On the total's row: the seconds histograms summed per bucket (null when no row). */
  seconds: SummedBucket[] | null;
}

/** A bucket of sla_daily's histograms summed: b < 1000 first response, 1000 + i resolution (bucket i). */
interface SummedBucket {
  b: number;
  n: number;
  s: number;
}

const counts = (r: GroupRow): SlaRowCounts => ({
  firstResponseMet: r.frMet,
  firstResponseBreached: r.frBreached,
  resolutionMet: r.resMet,
  resolutionBreached: r.resBreached,
});

/** The caller's rows of an SLA rollup table (sla_daily, sla_ticket_figures) in the range. */
const inScope = (db: Knex, table: string, viewer: Viewer, range: DayRange) =>
  scoped(db(`${table} as x`), viewer, 'x').where('x.day', '>=', range.from).where('x.day', '<=', range.to);

/**
 * One statement over one read of the caller's sla_daily rows (`d`) and, for an admin, the
 * company's sla_company_seconds rows:
 * - the counts per (total, day, queue, agent): the settled verdicts of `d` plus the tickets whose
 *   clock still runs (sla_ticket_figures through its partial index) judged now, as status-sql.ts
 *   does: breached once due, else running. A group is shown when it has tickets, as the
 *   per-ticket query showed it;
 * - on the total's row, `seconds`: the histograms summed per bucket (an admin's from the company's
 *   row of each day, a plain user's from `d`: their scope is by queue and agent).
 */
function dashboardQuery(db: Knex, viewer: Viewer, range: DayRange): Knex.QueryBuilder {
  const settled = inScope(db, 'slaDaily', viewer, range).select(
    'x.day', 'x.queueId', 'x.userId', 'x.tickets', 'x.frMet', 'x.frBreached', 'x.resMet', 'x.resBreached',
    ...(viewer.isAdmin ? [] : ['x.buckets', 'x.counts', 'x.sums']),
  );
  // Unnesting a row's arrays is the costly part: an admin's histograms come from the company's row of
  // each day, a plain user's from their sla_daily rows (their scope is by queue and agent).
  const histograms = viewer.isAdmin
    ? db.raw(
      `SELECT b, sum(n)::int AS n, sum(s) AS s FROM sla_company_seconds c, unnest(c.buckets, c.counts, c.sums) AS u(b, n, s)
        WHERE c.company_id = ? AND c.day >= ? AND c.day <= ? AND n <> 0 GROUP BY b`,
      [viewer.companyId, range.from, range.to],
    )
    : db.raw('SELECT b, sum(n)::int AS n, sum(s) AS s FROM d, unnest(d.buckets, d.counts, d.sums) AS u(b, n, s) WHERE n <> 0 GROUP BY b');
  const live = inScope(db, 'slaTicketFigures', viewer, range)
    .whereRaw('(x.first_response_due_at IS NOT NULL OR x.resolution_due_at IS NOT NULL)')
    .select(
      'x.day', 'x.queueId', 'x.userId', db.raw('0 AS tickets'), db.raw('0 AS fr_met'),
      db.raw('coalesce((now() >= x.first_response_due_at)::int, 0) AS fr_breached'),
      db.raw('coalesce((now() < x.first_response_due_at)::int, 0) AS fr_running'),
      db.raw('0 AS res_met'),
      db.raw('coalesce((now() >= x.resolution_due_at)::int, 0) AS res_breached'),
      db.raw('coalesce((now() < x.resolution_due_at)::int, 0) AS res_running'),
    );
  const grouped = db
    .from('r')
    .select(
      db.raw(`grouping(r.day) AS g_day, grouping(r.queue_id) AS g_queue, grouping(r.user_id) AS g_user,
        to_char(r.day, 'YYYY-MM-DD') AS day, r.queue_id, r.user_id,
        coalesce(sum(r.fr_met), 0)::int AS fr_met, coalesce(sum(r.fr_breached), 0)::int AS fr_breached,
        coalesce(sum(r.fr_running), 0)::int AS fr_running, coalesce(sum(r.res_met), 0)::int AS res_met,
        coalesce(sum(r.res_breached), 0)::int AS res_breached, coalesce(sum(r.res_running), 0)::int AS res_running`),
    )
    .groupByRaw('GROUPING SETS ((), (r.day), (r.queue_id), (r.user_id))')
    .havingRaw('grouping(r.day) + grouping(r.queue_id) + grouping(r.user_id) = 3 OR sum(r.tickets) > 0');
  return db
    .withMaterialized('d', settled)
    .with(
      'r',
      db.raw('SELECT day, queue_id, user_id, tickets, fr_met, fr_breached, 0 AS fr_running, res_met, res_breached, 0 AS res_running FROM d UNION ALL ?', [live]),
    )
    .with('g', grouped)
    .with('h', histograms)
    .from('g')
    .leftJoin('queues as q', (j) => j.on('q.id', 'g.queueId').andOnVal('q.companyId', viewer.companyId))
    .leftJoin('users as u', (j) => j.on('u.id', 'g.userId').andOnVal('u.companyId', viewer.companyId))
    .select('g.*', 'q.name as queueName', 'u.name as userName', db.raw('CASE WHEN g.g_day + g.g_queue + g.g_user = 3 THEN (SELECT json_agg(h) FROM h) END AS seconds'));
}

const percentiles = (buckets: SecondsBucket[]) => {
  const at = (p: number) => {
    const v = histogramPercentile(buckets, p);
    return v === null ? null : Math.round(v);
  };
  return { p50: at(0.5), p90: at(0.9), p95: at(0.95) };
};

/**
 * GET /dashboard/sla: tickets whose SLA started in the range (São Paulo days), within the caller's
 * scope (current queue and assignee, like every dashboard figure). Read from the per-day rollup
 * (migration 20261128150000_sla_daily), so its cost follows the days × (queue, agent) rows and the
 * tickets whose clock still runs, not the tickets of the range; one statement. The percentiles of
 * seconds (on the targets' clock: ticket_sla's measured business seconds) from the SLA start to the first answer / to the close come from the summed
 * histograms (within 5 % of the exact value, percentiles.ts).
 */
export async function slaDashboard(db: Knex, viewer: Viewer, range: DayRange): Promise<SlaDashboard> {
  const rows: GroupRow[] = await dashboardQuery(db, viewer, range);
  const total = rows.find((r) => r.gDay && r.gQueue && r.gUser);
  const byName = (a: string | null, b: string | null) => String(a ?? '').localeCompare(String(b ?? ''));
  const empty = { met: 0, breached: 0, running: 0 };
  const ofKind = (resolution: boolean): SecondsBucket[] =>
    (total?.seconds ?? []).filter((h) => h.b >= 1000 === resolution).map((h) => ({ bucket: h.b % 1000, count: h.n, sum: h.s }));
  return {
    firstResponse: total ? { met: total.frMet, breached: total.frBreached, running: total.frRunning } : empty,
    resolution: total ? { met: total.resMet, breached: total.resBreached, running: total.resRunning } : empty,
    byDay: rows
      .filter((r) => !r.gDay)
      .sort((a, b) => String(a.day).localeCompare(String(b.day)))
      .map((r) => ({ day: r.day!, ...counts(r) })),
    byQueue: rows
      .filter((r) => !r.gQueue)
      .map((r) => ({ queueId: r.queueId, queueName: r.queueId !== null ? r.queueName : null, ...counts(r) }))
      .sort((a, b) => byName(a.queueName, b.queueName)),
    byUser: rows
      .filter((r) => !r.gUser)
      .map((r) => ({ userId: r.userId, userName: r.userId !== null ? r.userName : null, ...counts(r) }))
      .sort((a, b) => byName(a.userName, b.userName)),
    percentiles: { firstResponse: percentiles(ofKind(false)), resolution: percentiles(ofKind(true)) },
  };
}
