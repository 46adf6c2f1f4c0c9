import type { Knex } from 'knex';
import { ActiveTicketStatuses } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { TicketRow } from './ticket-access.js';

/**
 * 409 ERR_OTHER_OPEN_TICKET with what the web's info modal shows: who owns the ticket and in
 * which queue, and its uuid (the caller navigates to it when it is theirs).
 */
export async function otherTicketConflict(db: Knex, ticket: TicketRow): Promise<AppError> {
  const [user, queue] = await Promise.all([
    ticket.userId ? db('users').where({ id: ticket.userId }).first('name') : undefined,
    ticket.queueId ? db('queues').where({ id: ticket.queueId }).first('name') : undefined,
  ]);
  return new AppError('ERR_OTHER_OPEN_TICKET', 409, {
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      userId: ticket.userId,
      status: ticket.status,
      user: user ? { name: user.name } : null,
      queue: queue ? { name: queue.name } : null,
    },
  });
}

export function activeTicketOf(db: Knex, companyId: number, contactId: number, whatsappId: number | null): Promise<TicketRow | undefined> {
  return db('tickets')
    .where({ companyId, contactId, whatsappId })
    .whereIn('status', ActiveTicketStatuses)
    .first<TicketRow | undefined>();
}

export function isActiveTicketViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'tickets_one_active_per_contact';
}
