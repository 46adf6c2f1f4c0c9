import type { Knex } from 'knex';
import { MOMENTS_CARD_LIMIT, MOMENTS_WINDOW_DAYS, type MomentTicket, type MomentsAnswer, type MomentsQuery } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { metrics } from './access.js';
import { NO_QUEUE } from './charts.js';
import { addDays, checkedRange, inRange, todayInZone, type DayRange } from './range.js';

function windowOf(query: MomentsQuery): DayRange {
  const to = query.dateEnd ?? todayInZone();
  return checkedRange(query.dateStart ?? addDays(to, 1 - MOMENTS_WINDOW_DAYS), to);
}

/** The active tickets (of the window, seen by the caller) the query asks for, as a ticket_metrics query. */
function active(db: Knex, viewer: Viewer, query: MomentsQuery, range: DayRange): Knex.QueryBuilder {
  const q = inRange(db, metrics(db, viewer), 'm.createdAt', range);
  // An admin sees everyone's tickets unless showAll=false (then their own and the unassigned ones).
  if (viewer.isAdmin && query.showAll === false) q.where((w) => w.where('m.userId', viewer.id).orWhereNull('m.userId'));
  if (query.queueIds?.length) {
    const real = query.queueIds.filter((id) => id > 0);
    q.where((w) => {
      if (real.length) w.whereIn('m.queueId', real);
      else w.whereRaw('false');
      if (query.queueIds!.includes(0)) w.orWhereNull('m.queueId');
    });
  }
  return q;
}

async function ticketsOf(db: Knex, ids: number[]): Promise<Map<number, MomentTicket>> {
  if (!ids.length) return new Map();
  const rows = await db('tickets as t')
    .join('contacts as c', 'c.id', 't.contactId')
    .leftJoin('queues as q', 'q.id', 't.queueId')
    .leftJoin('users as u', 'u.id', 't.userId')
    .whereIn('t.id', ids)
    .select('t.id', 't.uuid', 't.status', 't.contactId', 'c.name as contactName', 't.queueId', 'q.name as queueName', 'q.color as queueColor',
      't.userId', 'u.name as userName', 't.lastMessage', 't.unreadMessages', 't.createdAt', 't.updatedAt');
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        uuid: r.uuid,
        status: r.status,
        contact: { id: r.contactId, name: r.contactName },
        queue: r.queueId ? { id: r.queueId, name: r.queueName, color: r.queueColor } : NO_QUEUE,
        user: r.userId ? { id: r.userId, name: r.userName } : null,
        lastMessage: r.lastMessage,
        unreadMessages: r.unreadMessages,
        createdAt: new Date(r.createdAt).toISOString(),
        updatedAt: new Date(r.updatedAt).toISOString(),
      },
    ]),
  );
}

/**
 * GET /dashboard/moments (docs/architecture.md "Dashboard"): the active tickets created in the
 * window (default the last 30 days) the caller may see, as one card per agent holding tickets
 * (open or group) and one 'Pendentes' card, each with its full count and its
 * MOMENTS_CARD_LIMIT most recently updated tickets. `queues` are the caller's queues plus the
 * pseudo-queue 'Sem fila' (id 0, gray) for the filter. status=open leaves the pending card empty,
 * status=pending the agents; userId keeps one agent's card.
 */
export async function moments(db: Knex, viewer: Viewer, query: MomentsQuery): Promise<MomentsAnswer> {
  const range = windowOf(query);
  const wantAgents = query.status !== 'pending';
  const wantPending = query.status !== 'open';
  const agentRows = (q: Knex.QueryBuilder) => {
    q.whereIn('m.status', ['open', 'group']).whereNotNull('m.userId');
    if (query.userId) q.where('m.userId', query.userId);
    return q;
  };
  const [agentCounts, pendingCount, agentIds, pendingIds, queues] = await Promise.all([
    wantAgents ? agentRows(active(db, viewer, query, range)).groupBy('m.userId').select('m.userId', db.raw('count(*)::int AS count')) : [],
    wantPending ? active(db, viewer, query, range).where('m.status', 'pending').count({ count: '*' }).first() : { count: 0 },
    wantAgents
      ? db
          .select('ranked.ticketId')
          .from(
            agentRows(active(db, viewer, query, range))
              .join('tickets as t', 't.id', 'm.ticketId')
              .select('m.ticketId', db.raw('row_number() OVER (PARTITION BY m.user_id ORDER BY t.updated_at DESC, t.id DESC) AS n'))
              .as('ranked'),
          )
          .where('ranked.n', '<=', MOMENTS_CARD_LIMIT)
      : [],
    wantPending
      ? active(db, viewer, query, range)
          .where('m.status', 'pending')
          .join('tickets as t', 't.id', 'm.ticketId')
          .orderBy([{ column: 't.updatedAt', order: 'desc' }, { column: 't.id', order: 'desc' }])
          .limit(MOMENTS_CARD_LIMIT)
          .select('m.ticketId')
      : [],
    (viewer.isAdmin ? db('queues').where({ companyId: viewer.companyId }) : db('queues').where({ companyId: viewer.companyId }).whereIn('id', viewer.queueIds))
      .orderBy('name')
      .select('id', 'name', 'color'),
  ]);
  const ids = [...(agentIds as { ticketId: number }[]), ...(pendingIds as { ticketId: number }[])].map((r) => r.ticketId);
  const byId = await ticketsOf(db, ids);
  const users: { id: number; name: string; online: boolean }[] = (agentCounts as unknown[]).length
    ? await db('users').where({ companyId: viewer.companyId }).whereIn('id', (agentCounts as { userId: number }[]).map((a) => a.userId)).select('id', 'name', 'online')
    : [];
  const tickets = [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  const agents = (agentCounts as { userId: number; count: number }[])
    .map((a) => {
      const user = users.find((u) => u.id === a.userId) ?? { id: a.userId, name: String(a.userId), online: false };
      return { user: { id: user.id, name: user.name, online: Boolean(user.online) }, count: a.count, tickets: tickets.filter((t) => t.user?.id === a.userId && t.status !== 'pending') };
    })
    .sort((a, b) => a.user.name.localeCompare(b.user.name));
  return {
    range,
    queues: [...queues, NO_QUEUE],
    agents,
    pending: { count: Number((pendingCount as { count: number | string } | undefined)?.count ?? 0), tickets: tickets.filter((t) => t.status === 'pending') },
  };
}
