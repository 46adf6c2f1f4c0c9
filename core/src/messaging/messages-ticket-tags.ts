import { ticketTagParamsSchema, ticketTagsParamsSchema } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { loadVisibleTicket, type TicketRow } from './ticket-access.js';
import { emitTicket } from './ticket-events.js';

const TAGS = ['ticket-tags'];

/** Tags on tickets (outreach-config.md §4 Kanban, §7): a kanban card moves lanes by these two calls. */
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
