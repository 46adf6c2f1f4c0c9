import type { Knex } from 'knex';
import { TICKETS_PAGE_SIZE, type TicketStatus, type TicketsQuery } from '@guiche/contracts';
import type { TicketRow, Viewer } from './ticket-access.js';
import { maskTicket, withDetails } from './ticket-details.js';
import type { TicketPage } from '../plugin-sdk/tickets.js';

export type { TicketPage };

const ZONE = 'America/Sao_Paulo';

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Tickets of the given queues; 0 stands for 'Sem fila' (no queue). */
function whereQueues(query: Knex.QueryBuilder, queueIds: number[]): void {
  const real = queueIds.filter((id) => id > 0);
  const noQueue = queueIds.includes(0);
  query.where((q) => {
    if (real.length) q.whereIn('tickets.queueId', real);
    else q.whereRaw('false');
    if (noQueue) q.orWhereNull('tickets.queueId');
  });
}

function onDay(db: Knex, query: Knex.QueryBuilder, column: string, day: string): void {
  query.whereRaw(`?? >= (?::date)::timestamp AT TIME ZONE '${ZONE}'`, [column, day]);
  query.whereRaw(`?? < ((?::date) + 1)::timestamp AT TIME ZONE '${ZONE}'`, [column, day]);
}

/** One disjoint part of what the caller may see, as equalities an index serves in list order. */
type Branch = (query: Knex.QueryBuilder) => void;

function statusesOf(filter: TicketsQuery): TicketStatus[] {
  return filter.statusFilter?.length ? filter.statusFilter : filter.status ? [filter.status] : [];
}

/**
 * The visibility rule (viewerSees) as disjoint branches: assigned to the caller; unassigned in
 * each of their queues; unassigned without a queue under allTicket. An admin's default view is
 * the agent's one (own and unassigned tickets); showAll widens it to everything. Each branch is
 * split per requested status, so every branch reads one index range in (updated_at, id) order
 * instead of a scan that filters out other people's tickets. Branches the users or queue filter
 * cannot match are left out.
 */
function visibilityBranches(viewer: Viewer, filter: TicketsQuery): Branch[] {
  const users = filter.users ?? filter.userFilter;
  const unassigned = !users?.length;
  const mine = !users?.length || users.includes(viewer.id);
  const queueFilter = filter.queueIds?.length ? filter.queueIds : null;
  const queueShown = (queueId: number | null) => !queueFilter || queueFilter.includes(queueId ?? 0);

  const byUser: Branch[] = [];
  if (viewer.isAdmin && filter.showAll) byUser.push(() => undefined);
  else {
    if (mine) byUser.push((q) => q.where('tickets.userId', viewer.id));
    if (unassigned && viewer.isAdmin) byUser.push((q) => q.whereNull('tickets.userId'));
    if (unassigned && !viewer.isAdmin) {
      for (const queueId of viewer.queueIds.filter(queueShown)) byUser.push((q) => q.whereNull('tickets.userId').where('tickets.queueId', queueId));
      if (viewer.allTicket && queueShown(null)) byUser.push((q) => q.whereNull('tickets.userId').whereNull('tickets.queueId'));
    }
  }
  const statuses = statusesOf(filter);
  if (statuses.length <= 1) return byUser;
  return byUser.flatMap((branch) => statuses.map((status): Branch => (q) => branch(q.where('tickets.status', status))));
}

/** The filters other than visibility, the same for every branch. */
function applyFilters(db: Knex, query: Knex.QueryBuilder, viewer: Viewer, filter: TicketsQuery, hideNumbers: boolean): void {
  const statuses = statusesOf(filter);
  if (statuses.length === 1) query.where('tickets.status', statuses[0]);
  else if (statuses.length) query.whereIn('tickets.status', statuses);
  if (filter.queueIds?.length) whereQueues(query, filter.queueIds);
  const users = filter.users ?? filter.userFilter;
  if (users?.length) query.whereIn('tickets.userId', users);
  const whatsapps = filter.whatsapps ?? filter.whatsappIds;
  if (whatsapps?.length) query.whereIn('tickets.whatsappId', whatsapps);
  if (filter.withUnreadMessages) query.where('tickets.unreadMessages', '>', 0);
  if (filter.myWallet) {
    query.whereExists(db('contacts').select(db.raw('1')).whereRaw('contacts.id = tickets.contact_id').where({ 'contacts.companyId': viewer.companyId, 'contacts.ownerUserId': viewer.id }));
  }
  if (filter.date) onDay(db, query, 'tickets.created_at', filter.date);
  if (filter.updatedAt) onDay(db, query, 'tickets.updated_at', filter.updatedAt);
  if (filter.tags?.length) {
    query.whereExists(
      db('ticketTags').select(db.raw('1')).whereRaw('ticket_tags.ticket_id = tickets.id').whereIn('ticketTags.tagId', filter.tags),
    );
  }
  const search = filter.searchParam?.trim();
  if (search) {
    const like = escapeLike(search);
    const digits = search.replace(/\D/g, '');
    query.where((q) => {
      q.whereExists(
        db('contacts')
          .select(db.raw('1'))
          .whereRaw('contacts.id = tickets.contact_id')
          .where((c) => {
            c.whereILike('contacts.name', like);
            // Who sees masked numbers finds a number only by the whole of it.
            if (!hideNumbers) c.orWhereILike('contacts.number', like);
            else if (digits.length >= 8) c.orWhere('contacts.number', digits);
          }),
      ).orWhereExists(
        db('messages')
          .select(db.raw('1'))
          .whereRaw('messages.ticket_id = tickets.id')
          .where('messages.companyId', viewer.companyId)
          .where('messages.isPrivate', false)
          // An audio's transcript is found like its text would be (issue #33).
          .where((m) => m.whereILike('messages.body', like).orWhereILike('messages.transcript', like)),
      );
    });
  }
}

type Row = TicketRow & { cursorAt: string };


const NEWEST_FIRST = [
  { column: 'updatedAt', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * One page of the ticket list, ordered by last activity (updated_at desc, id desc) so the
 * (company_id, [user_id | queue_id,] status, updated_at, id) indexes serve it; a cursor continues
 * exactly after the last row even when tickets move between requests. With several visibility
 * branches each reads at most a page (plus the offset) in index order, and the page is the newest
 * of their union (UNION ALL: the branches are disjoint).
 */
export async function listTickets(
  db: Knex,
  viewer: Viewer,
  filter: TicketsQuery,
  hideNumbers: boolean,
  /** A further condition on every branch (plan modules: e.g. a kanban lane's tag). */
  narrow?: (query: Knex.QueryBuilder) => void,
): Promise<TicketPage> {
  const offset = !filter.cursor && filter.pageNumber > 1 ? (filter.pageNumber - 1) * TICKETS_PAGE_SIZE : 0;
  const branches = visibilityBranches(viewer, filter).map((branch) => {
    const query = db('tickets').where('tickets.companyId', viewer.companyId).select('tickets.*');
    branch(query);
    applyFilters(db, query, viewer, filter, hideNumbers);
    narrow?.(query);
    if (filter.cursor) {
      const [at, id] = filter.cursor.split('_');
      query.whereRaw('(tickets.updated_at, tickets.id) < (?::timestamptz, ?::int)', [at, Number(id)]);
    }
    return query.orderBy(NEWEST_FIRST.map((o) => ({ ...o, column: `tickets.${o.column}` }))).limit(offset + TICKETS_PAGE_SIZE + 1);
  });
  const rows: Row[] = branches.length
    ? await db
        .select('visible.*', db.raw(`to_char(visible.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`))
        .from(db.unionAll(branches, true).as('visible'))
        .orderBy(NEWEST_FIRST.map((o) => ({ ...o, column: `visible.${o.column}` })))
        .limit(TICKETS_PAGE_SIZE + 1)
        .offset(offset)
    : [];
  const hasMore = rows.length > TICKETS_PAGE_SIZE;
  const page = rows.slice(0, TICKETS_PAGE_SIZE);
  const last = page.at(-1);
  const details = await withDetails(db, viewer.companyId, page.map(({ cursorAt: _cursor, ...ticket }) => ticket));
  return {
    tickets: hideNumbers ? details.map(maskTicket) : details,
    hasMore,
    nextCursor: hasMore && last ? `${last.cursorAt}_${last.id}` : null,
  };
}
