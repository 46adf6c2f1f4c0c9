import type { Knex } from 'knex';
import type { DashboardCounters } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { daily, DailyKind } from './daily.js';
import type { DayRange } from './range.js';

const minutes = (seconds: unknown) => Math.round((Number(seconds ?? 0) / 60) * 10) / 10;

/**
 * The counters of GET /dashboard (inbox.md §3), each a sum over the range's ticket_daily rows:
 * - supportPending / supportHappening: tickets created in the range that are now pending / held by
 *   an agent (open or group with a user);
 * - supportFinished: closed in the range after an agent held them (Chats Concluídos);
 * - supportClosedWithoutAgent: closed in the range without any agent (ignored, closed by the bot or
 *   by auto-close; Chats Encerrados);
 * - leads: tickets created in the range that were their contact's first;
 * - avgSupportTime: over the tickets finished in the range, the time agents held them (minutes);
 * - avgWaitTime: over the tickets first accepted in the range after waiting, the wait (minutes).
 */
export async function dashboardCounters(db: Knex, viewer: Viewer, range: DayRange): Promise<DashboardCounters> {
  const created = daily(db, viewer, DailyKind.created, range)
    .select(db.raw('coalesce(sum(d.pending), 0)::int AS pending'), db.raw('coalesce(sum(d.happening), 0)::int AS happening'), db.raw('coalesce(sum(d.leads), 0)::int AS leads'))
    .first();
  const closed = daily(db, viewer, DailyKind.closed, range)
    .select(
      db.raw('coalesce(sum(d.finished), 0)::int AS finished'),
      db.raw('coalesce(sum(d.without_agent), 0)::int AS without_agent'),
      db.raw('sum(d.support_sum) / nullif(sum(d.finished), 0) AS support'),
    )
    .first();
  const waited = daily(db, viewer, DailyKind.accepted, range)
    .select(db.raw('sum(d.wait_sum) / nullif(sum(d.wait_n), 0) AS wait'))
    .first();
  const [c, d, w] = await Promise.all([created, closed, waited]);
  return {
    supportPending: c.pending,
    supportHappening: c.happening,
    supportFinished: d.finished,
    supportClosedWithoutAgent: d.withoutAgent,
    leads: c.leads,
    avgSupportTime: minutes(d.support),
    avgWaitTime: minutes(w.wait),
  };
}

export { minutes };
