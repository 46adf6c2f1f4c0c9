import type { Knex } from 'knex';
import { TICKETS_PAGE_SIZE, type TicketsQuery } from '@guiche/contracts';
import { visibilityWhere, type TicketRow, type Viewer } from './ticket-access.js';
import { maskTicket, withDetails, type TicketDetails } from './ticket-details.js';

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

function applyFilters(db: Knex, query: Knex.QueryBuilder, viewer: Viewer, filter: TicketsQuery, hideNumbers: boolean): void {
  visibilityWhere(query, viewer);
  // An admin's default view is the agent's one (own tickets and unassigned ones); showAll widens it.
  if (viewer.isAdmin && !filter.showAll) query.where((q) => q.where('tickets.userId', viewer.id).orWhereNull('tickets.userId'));
  const statuses = filter.statusFilter?.length ? filter.statusFilter : filter.status ? [filter.status] : [];
  if (statuses.length === 1) query.where('tickets.status', statuses[0]);
  else if (statuses.length) query.whereIn('tickets.status', statuses);
  if (filter.queueIds?.length) whereQueues(query, filter.queueIds);
  const users = filter.users ?? filter.userFilter;
  if (users?.length) query.whereIn('tickets.userId', users);
  const whatsapps = filter.whatsapps ?? filter.whatsappIds;
  if (whatsapps?.length) query.whereIn('tickets.whatsappId', whatsapps);
  if (filter.withUnreadMessages) query.where('tickets.unreadMessages', '>', 0);
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
          .whereILike('messages.body', like),
      );
    });
  }
}

type Row = TicketRow & { cursorAt: string };

export interface TicketPage {
  tickets: TicketDetails[];
  hasMore: boolean;
  /** Pass as `cursor` for the next page (keyset on updated_at desc, id desc). */
  nextCursor: string | null;
}

/**
 * One page of the ticket list, ordered by last activity (updated_at desc, id desc) so the
 * (company_id, status, updated_at, id) index serves it; a cursor continues exactly after the
 * last row even when tickets move between requests.
 */
export async function listTickets(db: Knex, viewer: Viewer, filter: TicketsQuery, hideNumbers: boolean): Promise<TicketPage> {
  const query = db('tickets')
    .where('tickets.companyId', viewer.companyId)
    .select('tickets.*', db.raw(`to_char(tickets.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`));
  applyFilters(db, query, viewer, filter, hideNumbers);
  if (filter.cursor) {
    const [at, id] = filter.cursor.split('_');
    query.whereRaw('(tickets.updated_at, tickets.id) < (?::timestamptz, ?::int)', [at, Number(id)]);
  } else if (filter.pageNumber > 1) {
    query.offset((filter.pageNumber - 1) * TICKETS_PAGE_SIZE);
  }
  const rows: Row[] = await query
    .orderBy([{ column: 'tickets.updatedAt', order: 'desc' }, { column: 'tickets.id', order: 'desc' }])
    .limit(TICKETS_PAGE_SIZE + 1);
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
