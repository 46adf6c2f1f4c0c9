import type { Knex } from 'knex';
import { DASHBOARD_TIMEZONE, type ClosingReasonCounts } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { scoped } from './access.js';
import { inRange, type DayRange } from './range.js';

/**
 * Closes with a reason in the range (issue #33), by São Paulo day, by queue and by agent (the
 * ticket's current queue and assignee, as the other dashboard figures), within the caller's scope.
 * One range scan of the partial (company_id, closed_at) index of tickets with a reason.
 */
export async function closingReasonCounts(db: Knex, viewer: Viewer, range: DayRange): Promise<ClosingReasonCounts> {
  const closes = () => inRange(db, scoped(db('tickets as t'), viewer, 't').where('t.status', 'closed').whereNotNull('t.closeReasonId'), 't.closedAt', range);
  const day = `to_char(t.closed_at AT TIME ZONE '${DASHBOARD_TIMEZONE}', 'YYYY-MM-DD')`;
  const [reasons, byDay, byQueue, byUser] = await Promise.all([
    closes()
      .join('closingReasons as r', 'r.id', 't.closeReasonId')
      .groupBy('r.id', 'r.name', 'r.color')
      .orderBy([{ column: 'total', order: 'desc' }, { column: 'r.name' }])
      .select('r.id', 'r.name', 'r.color', db.raw('count(*)::int AS total')),
    closes()
      .groupByRaw(`${day}, t.close_reason_id`)
      .orderByRaw(`${day}, t.close_reason_id`)
      .select(db.raw(`${day} AS day`), 't.closeReasonId as reasonId', db.raw('count(*)::int AS total')),
    closes()
      .leftJoin('queues as q', 'q.id', 't.queueId')
      .groupBy('t.queueId', 'q.name', 't.closeReasonId')
      .orderBy('q.name')
      .select('t.queueId', 'q.name as queueName', 't.closeReasonId as reasonId', db.raw('count(*)::int AS total')),
    closes()
      .leftJoin('users as u', 'u.id', 't.userId')
      .groupBy('t.userId', 'u.name', 't.closeReasonId')
      .orderBy('u.name')
      .select('t.userId', 'u.name as userName', 't.closeReasonId as reasonId', db.raw('count(*)::int AS total')),
  ]);
  return { reasons, byDay, byQueue, byUser };
}
