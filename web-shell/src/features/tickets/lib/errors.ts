import { errorBodyOf, errorCodeOf } from '@guiche/web-sdk';
import type { ConflictTicket } from '../api/types.js';

/** The ticket named by a 409 ERR_OTHER_OPEN_TICKET answer (inbox.md §7 POST /tickets, §4 accept/reopen). */
export function conflictOf(err: unknown): ConflictTicket | null {
  if (errorCodeOf(err) !== 'ERR_OTHER_OPEN_TICKET') return null;
  const ticket = errorBodyOf(err)?.ticket as Partial<ConflictTicket> | undefined;
  if (!ticket || typeof ticket !== 'object' || typeof ticket.uuid !== 'string' || typeof ticket.id !== 'number') return null;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    userId: typeof ticket.userId === 'number' ? ticket.userId : null,
    status: ticket.status ?? 'open',
    user: ticket.user ?? null,
    queue: ticket.queue ?? null,
  };
}

/** What to do with a conflict: the caller's own ticket opens, someone else's shows the info modal. */
export function conflictOutcome(conflict: ConflictTicket, myUserId: number): 'navigate' | 'info' {
  return conflict.userId === myUserId ? 'navigate' : 'info';
}
