import type { Knex } from 'knex';
import type { DashboardCounters } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { metrics } from './access.js';
import { inRange, type DayRange } from './range.js';

const minutes = (seconds: unknown) => Math.round((Number(seconds ?? 0) / 60) * 10) / 10;

/**
 * The counters of GET /dashboard (inbox.md §3), each one index range of ticket_metrics:
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
  const created = inRange(db, metrics(db, viewer), 'm.createdAt', range)
    .select(
      db.raw("count(*) FILTER (WHERE m.status = 'pending')::int AS pending"),
      db.raw("count(*) FILTER (WHERE m.status IN ('open', 'group') AND m.user_id IS NOT NULL)::int AS happening"),
      db.raw('count(*) FILTER (WHERE m.is_lead)::int AS leads'),
    )
    .first();
  const closed = inRange(db, metrics(db, viewer), 'm.closedAt', range)
    .select(
      db.raw('count(*) FILTER (WHERE m.first_accepted_at IS NOT NULL)::int AS finished'),
      db.raw('count(*) FILTER (WHERE m.first_accepted_at IS NULL)::int AS without_agent'),
      db.raw('avg(m.support_seconds) FILTER (WHERE m.first_accepted_at IS NOT NULL) AS support'),
    )
    .first();
  const waited = inRange(db, metrics(db, viewer), 'm.firstAcceptedAt', range)
    .whereNotNull('m.waitSeconds')
    .select(db.raw('avg(m.wait_seconds) AS wait'))
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
