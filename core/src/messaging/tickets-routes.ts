import { z } from 'zod';
import { ticketCreateSchema, ticketsCloseAllSchema, ticketsQuerySchema, ticketUpdateSchema, id, idParams, uuid } from '@guiche/contracts';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import { hidesNumbers } from '../contacts/lgpd.js';
import { AppError, type AuthUser, type Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { findTicket, loadViewer, loadVisibleTicket, type TicketRow } from './ticket-access.js';
import { maskTicket, ticketDetails } from './ticket-details.js';
import { emitTicket } from './ticket-events.js';
import { addTicketLog } from './ticket-logs.js';
import { sendAcceptGreeting, sendFarewell } from './ticket-outgoing.js';
import { markTicketRead } from './ticket-read.js';
import { requestRating } from './ticket-rating.js';
import { announceTransfer } from '../bot/transitions.js';
import { transition } from './ticket-transitions.js';
import { createTicket } from './tickets-create.js';
import { listTickets } from './tickets-list.js';
import { earlierTickets } from './earlier-messages.js';
import { closeReasonFor } from '../closing-reasons/index.js';

const TAGS = ['tickets'];
const uuidParams = z.object({ uuid });
const logParams = z.object({ ticketId: id });

export function registerTicketRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;

  async function answer(auth: AuthUser, ticket: TicketRow) {
    const details = await ticketDetails(db, ticket);
    return (await hidesNumbers(core, auth)) ? maskTicket(details) : details;
  }

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/tickets', { schema: { tags: TAGS, querystring: ticketsQuerySchema } }, async (request) => {
      const viewer = await loadViewer(db, request.auth);
      return listTickets(db, viewer, request.query, await hidesNumbers(core, request.auth));
    });

    scope.get('/tickets/u/:uuid', { schema: { tags: TAGS, params: uuidParams } }, async (request) =>
      answer(request.auth, await loadVisibleTicket(core, request.auth, request.params.uuid)),
    );

    scope.get('/tickets/:id', { schema: { tags: TAGS, params: idParams } }, async (request) =>
      answer(request.auth, await loadVisibleTicket(core, request.auth, request.params.id)),
    );

    scope.get('/tickets-log/:ticketId', { schema: { tags: TAGS, params: logParams } }, async (request) => {
      const ticket = await loadVisibleTicket(core, request.auth, request.params.ticketId);
      const rows = await db('ticketLogs')
        .leftJoin('users', 'users.id', 'ticketLogs.userId')
        .leftJoin('queues', 'queues.id', 'ticketLogs.queueId')
        .leftJoin('closingReasons', (j) => j.on(db.raw('closing_reasons.id = (ticket_logs.data->>?)::int', ['closeReasonId'])).andOn('closingReasons.companyId', 'ticketLogs.companyId'))
        .where({ 'ticketLogs.companyId': ticket.companyId, 'ticketLogs.ticketId': ticket.id })
        .orderBy('ticketLogs.id', 'desc')
        .select('ticketLogs.*', 'users.name as userName', 'queues.name as queueName', 'queues.color as queueColor', 'closingReasons.name as closeReasonName', 'closingReasons.color as closeReasonColor');
      return rows.map(({ userName, queueName, queueColor, closeReasonName, closeReasonColor, ...log }) => ({
        ...log,
        closeReason: closeReasonName ? { id: Number(log.data?.closeReasonId), name: closeReasonName, color: closeReasonColor } : null,
        id: Number(log.id),
        user: log.userId ? { id: log.userId, name: userName } : null,
        queue: log.queueId ? { id: log.queueId, name: queueName, color: queueColor } : null,
      }));
    });

    scope.post('/tickets', { schema: { tags: TAGS, body: ticketCreateSchema } }, async (request, reply) => {
      const ticket = await createTicket(core, request.auth, request.body);
      await emitTicket(core, ticket, 'update');
      return reply.code(201).send(await answer(request.auth, ticket));
    });

    scope.put('/tickets/:id', { schema: { tags: TAGS, params: idParams, body: ticketUpdateSchema } }, async (request) => {
      const { auth } = request;
      const { kind, before, ticket } = await transition(core, auth, request.params.id, request.body);
      if (kind !== 'none' && ticket !== before) await emitTicket(core, ticket, 'update', before);
      if (kind === 'accept' || kind === 'reopen') {
        await markTicketRead(core, ticket);
        await sendAcceptGreeting(core, ticket, ticket.userId ?? auth.id);
      }
      // With a rating question the farewell (complation) comes after the customer's answer.
      const rated = kind === 'resolve' && request.body.requestRating ? await requestRating(core, ticket) : false;
      if (kind === 'resolve' && !rated && request.body.sendFarewellMessage !== false) await sendFarewell(core, ticket, auth.id);
      if (kind === 'ignore' && request.body.sendFarewellMessage !== false && (await core.settings.get(auth.companyId, 'sendFarewellWaitingTicket')) === 'enabled') {
        await sendFarewell(core, ticket, auth.id);
      }
      await announceTransfer(core, kind, ticket);
      return answer(auth, { ...ticket, unreadMessages: kind === 'accept' || kind === 'reopen' ? 0 : ticket.unreadMessages });
    });

    // Not in the spec: the conversation on an agent's screen reads what arrives while it is open,
    // so the badges stay at 0 and the channel gets its read receipts (docs/architecture.md).
    scope.post('/tickets/:id/read', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const ticket = await loadVisibleTicket(core, request.auth, request.params.id);
      await markTicketRead(core, ticket);
      return { unreadMessages: 0 };
    });

    // Not in the spec: the contact drawer lists the customer's earlier tickets (docs/architecture.md).
    scope.get('/tickets/:id/earlier', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const ticket = await loadVisibleTicket(core, request.auth, request.params.id);
      return { tickets: await earlierTickets(core.db, request.auth, ticket) };
    });

    scope.delete('/tickets/:id', { schema: { tags: TAGS, params: idParams }, preHandler: requireAdmin }, async (request) => {
      const ticket = await findTicket(db, request.auth.companyId, request.params.id);
      if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
      await db('tickets').where({ id: ticket.id, companyId: ticket.companyId }).delete();
      await emitTicket(core, ticket, 'delete');
      return { message: 'Ticket deleted' };
    });

    scope.post('/tickets/closeAll', { schema: { tags: TAGS, body: ticketsCloseAllSchema }, preHandler: requireAdmin }, async (request) => {
      const { companyId, id: userId } = request.auth;
      const { status, queueIds } = request.body;
      const closeReasonId = await closeReasonFor(db, core.settings, companyId, request.body.closeReasonId);
      const closed: TicketRow[] = await db.transaction(async (trx) => {
        const query = trx('tickets').where({ companyId, status });
        if (queueIds?.length) {
          const real = queueIds.filter((q): q is number => q !== null && q > 0);
          const noQueue = queueIds.some((q) => q === null || q === 0);
          query.where((q) => {
            if (real.length) q.whereIn('queueId', real);
            else q.whereRaw('false');
            if (noQueue) q.orWhereNull('queueId');
          });
        }
        const rows: TicketRow[] = await query
          .update({ status: 'closed', closedAt: trx.fn.now(), amountUsedBotQueues: 0, closeReasonId, updatedAt: trx.fn.now() })
          .returning('*');
        const data = closeReasonId ? { closeAll: true, closeReasonId } : { closeAll: true };
        await addTicketLog(trx, rows.map((t) => ({ companyId, ticketId: t.id, type: 'closed' as const, userId, queueId: t.queueId, data })));
        return rows;
      });
      for (const ticket of closed) await emitTicket(core, ticket, 'update');
      return { closed: closed.length };
    });
  });
}
