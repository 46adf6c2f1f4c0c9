import { TicketV, type TicketCreateInput } from '@guiche/contracts';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { isAdmin, type TicketRow } from './ticket-access.js';
import { activeTicketOf, otherTicketConflict } from './ticket-conflict.js';
import { addTicketLog } from './ticket-logs.js';

async function connectionFor(core: CoreServices, auth: AuthUser, whatsappId: number | null | undefined) {
  const { db } = core;
  if (whatsappId) {
    const connection = await db('whatsapps').where({ id: whatsappId, companyId: auth.companyId }).first('id', 'channel');
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return connection;
  }
  // The agent's own connection first, then the company's default one.
  const user = await db('users').where({ id: auth.id }).first('whatsappId');
  const own = user?.whatsappId ? await db('whatsapps').where({ id: user.whatsappId, companyId: auth.companyId }).first('id', 'channel') : undefined;
  const connection = own ?? (await db('whatsapps').where({ companyId: auth.companyId, isDefault: true }).first('id', 'channel'));
  if (!connection) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
  return connection;
}

/**
 * POST /tickets: the caller opens a conversation with a contact. When the contact already has an
 * active ticket on that connection the answer is the info-modal conflict (409) naming its owner.
 */
export async function createTicket(core: CoreServices, auth: AuthUser, input: TicketCreateInput): Promise<TicketRow> {
  const { db } = core;
  const admin = isAdmin(auth);
  if (!admin && !input.queueId) {
    throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['queueId'], message: TicketV.queueRequired }] });
  }
  const contact = await db('contacts').where({ id: input.contactId, companyId: auth.companyId }).first('id', 'isGroup');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  if (input.queueId && !(await db('queues').where({ id: input.queueId, companyId: auth.companyId }).first('id'))) {
    throw new AppError('ERR_NO_QUEUE_FOUND', 404);
  }
  // Only an admin opens a ticket on someone else's behalf.
  let userId: number | null = auth.id;
  if (input.status === 'pending') userId = null;
  else if (admin && input.userId && input.userId !== auth.id) {
    if (!(await db('users').where({ id: input.userId, companyId: auth.companyId }).first('id'))) throw new AppError('ERR_NO_USER_FOUND', 404);
    userId = input.userId;
  }
  const connection = await connectionFor(core, auth, input.whatsappId);
  const existing = await activeTicketOf(db, auth.companyId, contact.id, connection.id);
  if (existing) throw await otherTicketConflict(db, existing);

  const status = input.status === 'pending' ? 'pending' : contact.isGroup ? 'group' : 'open';
  const created = await db.transaction(async (trx) => {
    const [row] = await trx('tickets')
      .insert({
        companyId: auth.companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        queueId: input.queueId ?? null,
        userId,
        status,
        isGroup: contact.isGroup,
        channel: connection.channel,
        acceptedAt: userId ? new Date() : null,
      })
      .onConflict()
      .ignore()
      .returning('*');
    if (row) await addTicketLog(trx, { companyId: auth.companyId, ticketId: row.id, type: 'create', userId: auth.id, queueId: row.queueId });
    return row as TicketRow | undefined;
  });
  if (created) return created;
  // Lost a race with another creation or an inbound message: the same conflict answer.
  const winner = await activeTicketOf(db, auth.companyId, contact.id, connection.id);
  if (!winner) throw new AppError('ERR_CREATING_TICKET', 409);
  throw await otherTicketConflict(db, winner);
}
