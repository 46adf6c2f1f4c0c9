import { ticketTagParamsSchema, ticketTagSetSchema, ticketTagsParamsSchema } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { loadVisibleTicket, type TicketRow } from './ticket-access.js';
import { emitTicket } from './ticket-events.js';

const TAGS = ['ticket-tags'];

/**
 * Tags on tickets (outreach-config.md §4 Kanban, §7). One model: a ticket's tags are `ticket_tags`
 * rows; its plain tags are what the drawer's picker sets (PUT /ticket-tags/:ticketId) and what its
 * row shows, its kanban tag is its lane (the two single-tag calls, and the Kanban plugin's move).
 */
export function registerTicketTagRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;
  const tagsOf = (ticket: TicketRow) =>
    db('ticketTags')
      .join('tags', 'tags.id', 'ticketTags.tagId')
      .where({ 'ticketTags.companyId': ticket.companyId, 'ticketTags.ticketId': ticket.id })
      .orderBy('tags.name')
      .select('tags.id', 'tags.name', 'tags.color', 'tags.kanban');

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.put('/ticket-tags/:ticketId/:tagId', { schema: { tags: TAGS, params: ticketTagParamsSchema } }, async (request) => {
      const { auth } = request;
      const ticket = await loadVisibleTicket(core, auth, request.params.ticketId);
      const tag = await db('tags').where({ companyId: auth.companyId, id: request.params.tagId }).first('id');
      if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
      await db('ticketTags').insert({ companyId: auth.companyId, ticketId: ticket.id, tagId: tag.id }).onConflict(['ticketId', 'tagId']).ignore();
      await emitTicket(core, ticket, 'update');
      return { ticketId: ticket.id, tags: await tagsOf(ticket) };
    });

    // The ticket's whole set of plain tags (the drawer's picker); its kanban lane is left alone.
    // Every id must be a plain tag of the caller's company, else 404 and nothing changes.
    scope.put('/ticket-tags/:ticketId', { schema: { tags: TAGS, params: ticketTagsParamsSchema, body: ticketTagSetSchema } }, async (request) => {
      const { auth } = request;
      const visible = await loadVisibleTicket(core, auth, request.params.ticketId);
      const tagIds = [...new Set(request.body.tagIds)];
      await db.transaction(async (trx) => {
        // Locking the ticket row serialises two pickers saving the same ticket.
        await trx('tickets').where({ companyId: auth.companyId, id: visible.id }).forUpdate().first('id');
        const plain = trx('tags').where({ companyId: auth.companyId, kanban: false });
        const owned = tagIds.length ? await plain.clone().whereIn('id', tagIds).pluck('id') : [];
        if (owned.length !== tagIds.length) throw new AppError('ERR_NO_TAG_FOUND', 404);
        await trx('ticketTags').where({ companyId: auth.companyId, ticketId: visible.id }).whereIn('tagId', plain.clone().select('id')).whereNotIn('tagId', tagIds).delete();
        if (tagIds.length) {
          await trx('ticketTags')
            .insert(tagIds.map((tagId) => ({ companyId: auth.companyId, ticketId: visible.id, tagId })))
            .onConflict(['ticketId', 'tagId'])
            .ignore();
        }
      });
      await emitTicket(core, visible, 'update');
      return { ticketId: visible.id, tags: await tagsOf(visible) };
    });

    // Removes the ticket's kanban (lane) tags: the card goes back to the default lane; other tags stay.
    scope.delete('/ticket-tags/:ticketId', { schema: { tags: TAGS, params: ticketTagsParamsSchema } }, async (request) => {
      const { auth } = request;
      const ticket = await loadVisibleTicket(core, auth, request.params.ticketId);
      await db('ticketTags')
        .where({ companyId: auth.companyId, ticketId: ticket.id })
        .whereIn('tagId', db('tags').where({ companyId: auth.companyId, kanban: true }).select('id'))
        .delete();
      await emitTicket(core, ticket, 'update');
      return { ticketId: ticket.id, tags: await tagsOf(ticket) };
    });
  });
}
