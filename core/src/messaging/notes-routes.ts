import { ticketNoteInputSchema, ticketNotesQuerySchema, type TicketNote, idParams } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { canSeeTicket, findTicket, isAdmin, loadViewer, loadVisibleTicket } from './ticket-access.js';
import { findNote, notesOfContact } from './notes-repository.js';

const TAGS = ['ticket-notes'];

/** Ticket notes (inbox.md §3 Ticket note, §5, §7): internal observations about the contact of a ticket. */
export function registerTicketNoteRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.post('/ticket-notes', { schema: { tags: TAGS, body: ticketNoteInputSchema } }, async (request, reply) => {
      const { auth } = request;
      const { note, ticketId, contactId } = request.body;
      const ticket = await loadVisibleTicket(core, auth, ticketId);
      // A note is about the ticket's contact; naming another contact is answered as not found.
      if (contactId !== ticket.contactId) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      const [row] = await db('ticketNotes').insert({ companyId: auth.companyId, ticketId, contactId, userId: auth.id, note }).returning('id');
      return reply.code(201).send((await findNote(db, auth.companyId, row.id)) as TicketNote);
    });

    scope.get('/ticket-notes/list', { schema: { tags: TAGS, querystring: ticketNotesQuerySchema } }, async (request) => {
      const ticket = await loadVisibleTicket(core, request.auth, request.query.ticketId);
      if (request.query.contactId !== undefined && request.query.contactId !== ticket.contactId) return [];
      return notesOfContact(db, ticket, await loadViewer(db, request.auth));
    });

    scope.delete('/ticket-notes/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const { auth } = request;
      const note = await findNote(db, auth.companyId, request.params.id);
      const ticket = note && (await findTicket(db, auth.companyId, note.ticketId));
      if (!note || !ticket || !(await canSeeTicket(core, auth, ticket))) throw new AppError('ERR_NO_TICKET_NOTE_FOUND', 404);
      if (note.userId !== auth.id && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION', 403);
      await db('ticketNotes').where({ id: note.id, companyId: auth.companyId }).delete();
      return { message: 'Note deleted' };
    });
  });
}
