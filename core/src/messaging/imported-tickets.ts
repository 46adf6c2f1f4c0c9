import { ActiveTicketStatuses, idParams } from '@guiche/contracts';
import { authenticate } from '../auth/authenticate.js';
import { canManageConnections } from '../connections/permissions.js';
import { setSessionState } from '../connections/session.js';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { emitTicket } from './ticket-events.js';
import { addTicketLog } from './ticket-logs.js';


/**
 * Closes the connection's imported tickets that are still active (history brought them in as
 * pending), each with its 'closed' log entry, and tells their viewers.
 */
export async function closeImportedTickets(core: CoreServices, companyId: number, connectionId: number, userId: number | null): Promise<number> {
  const closed: TicketRow[] = await core.db.transaction(async (trx) => {
    const rows: TicketRow[] = await trx('tickets')
      .where({ companyId, whatsappId: connectionId, imported: true })
      .whereIn('status', ActiveTicketStatuses)
      .update({ status: 'closed', closedAt: trx.fn.now(), amountUsedBotQueues: 0, updatedAt: trx.fn.now() })
      .returning('*');
    await addTicketLog(trx, rows.map((t) => ({ companyId, ticketId: t.id, type: 'closed' as const, userId, queueId: t.queueId, data: { imported: true } })));
    return rows;
  });
  for (const ticket of closed) await emitTicket(core, ticket, 'update');
  return closed.length;
}

/** POST /closedimported/{id} (account-admin.md §7): the 'close imported tickets' button. */
export function registerImportedTicketRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.post('/closedimported/:id', { schema: { tags: ['connections'], params: idParams } }, async (request) => {
      const { auth } = request;
      if (!(await canManageConnections(core, auth))) throw new AppError('ERR_NO_PERMISSION', 403);
      const connection = await core.db('whatsapps').where({ id: request.params.id, companyId: auth.companyId }).first('id');
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      const closed = await closeImportedTickets(core, auth.companyId, connection.id, auth.id);
      await setSessionState(core, auth.companyId, connection.id, { statusImportMessages: null });
      return { closed };
    });
  });
}
