import type { Knex } from 'knex';
import { AppError, type AuthUser, type PluginContext, type TicketPage } from '@guiche/core';
import type { KanbanMove, KanbanQuery } from './schemas.js';

/** The board shows the tickets people work on: waiting and open (a closed ticket leaves it). */
export const BOARD_STATUSES = ['pending', 'open'] as const;

/** Tags of the company that are lanes. */
function kanbanTagIds(db: Knex, companyId: number) {
  return db('tags').where({ companyId, kanban: true }).select('id');
}

export function createKanbanService(ctx: Pick<PluginContext, 'db' | 'tickets'>) {
  const { db } = ctx;

  async function mustBeLane(companyId: number, tagId: number): Promise<void> {
    const tag = await db('tags').where({ companyId, id: tagId, kanban: true }).first('id');
    if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
  }

  /** The ticket's tags as the move answers them. */
  function tagsOf(companyId: number, ticketId: number) {
    return db('ticketTags')
      .join('tags', 'tags.id', 'ticketTags.tagId')
      .where({ 'ticketTags.companyId': companyId, 'ticketTags.ticketId': ticketId })
      .orderBy('tags.name')
      .select('tags.id', 'tags.name', 'tags.color', 'tags.kanban');
  }

  return {
    /**
     * One page of a lane, or of every board ticket when no lane is given, with the ticket list's
     * own visibility branches (ctx.tickets.list), so a user sees exactly the tickets of their
     * queues they see in /tickets. An admin sees the whole company's board.
     */
    async list(auth: AuthUser, query: KanbanQuery): Promise<TicketPage> {
      const { lane, ...filter } = query;
      if (lane) await mustBeLane(auth.companyId, lane);
      const isAdmin = auth.profile === 'admin' || auth.super;
      return ctx.tickets.list(auth, { ...filter, pageNumber: 1, statusFilter: [...BOARD_STATUSES], showAll: isAdmin }, (q) => {
        if (lane === undefined) return;
        const tagged = db('ticketTags').select(db.raw('1')).whereRaw('ticket_tags.ticket_id = tickets.id');
        if (lane === 0) q.whereNotExists(tagged.whereIn('ticketTags.tagId', kanbanTagIds(db, auth.companyId)));
        else q.whereExists(tagged.where('ticketTags.tagId', lane));
      });
    },

    /**
     * Moves a card: removes the ticket's kanban tags (the source lane's; the default lane has none)
     * and adds the destination's, in one transaction holding the ticket row, so a failure changes
     * nothing and two concurrent moves of one card apply one after the other.
     */
    async move(auth: AuthUser, input: KanbanMove): Promise<KanbanCardTags> {
      const { companyId } = auth;
      const ticket = await ctx.tickets.loadVisible(auth, input.ticketId);
      await db.transaction(async (trx) => {
        await trx('tickets').where({ id: ticket.id, companyId }).forUpdate().first('id');
        if (input.tagId !== null) {
          const tag = await trx('tags').where({ companyId, id: input.tagId, kanban: true }).first('id');
          if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
        }
        await trx('ticketTags').where({ companyId, ticketId: ticket.id }).whereIn('tagId', kanbanTagIds(trx, companyId)).delete();
        if (input.tagId !== null) await trx('ticketTags').insert({ companyId, ticketId: ticket.id, tagId: input.tagId });
      });
      await ctx.tickets.announce(ticket.id);
      return { ticketId: ticket.id, tags: await tagsOf(companyId, ticket.id) };
    },

    /** Tickets per kanban tag (the /TagsKanban count), from the (company_id, tag_id) index. */
    async counts(companyId: number): Promise<Record<number, number>> {
      const rows: { tagId: number; count: string | number }[] = await db('ticketTags')
        .where({ companyId })
        .whereIn('tagId', kanbanTagIds(db, companyId))
        .groupBy('tagId')
        .select('tagId')
        .count({ count: '*' });
      return Object.fromEntries(rows.map((r) => [r.tagId, Number(r.count)]));
    },
  };
}

export type KanbanService = ReturnType<typeof createKanbanService>;
export type KanbanCardTags = { ticketId: number; tags: { id: number; name: string; color: string; kanban: boolean }[] };
