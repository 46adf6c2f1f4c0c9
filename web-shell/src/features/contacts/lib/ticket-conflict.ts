/**
 * POST /tickets answers 409 ERR_OTHER_OPEN_TICKET with the contact's active ticket (inbox.md §7):
 * when it is the caller's own, the page goes to it; otherwise the info modal names its owner and queue.
 */
export interface ConflictTicket {
  id: number;
  uuid: string;
  userId: number | null;
  status: string;
  user: { name: string } | null;
  queue: { name: string } | null;
}

export type ConflictAction = { kind: 'navigate'; uuid: string } | { kind: 'info'; uuid: string; userName: string | null; queueName: string | null };

/** The ticket of a conflict answer's body, or null when the body is something else. */
export function conflictTicketOf(body: unknown): ConflictTicket | null {
  if (!body || typeof body !== 'object') return null;
  const { error, ticket } = body as { error?: unknown; ticket?: unknown };
  if (error !== 'ERR_OTHER_OPEN_TICKET' || !ticket || typeof ticket !== 'object') return null;
  const t = ticket as Partial<ConflictTicket>;
  if (typeof t.uuid !== 'string' || typeof t.id !== 'number') return null;
  return {
    id: t.id,
    uuid: t.uuid,
    userId: typeof t.userId === 'number' ? t.userId : null,
    status: typeof t.status === 'string' ? t.status : '',
    user: t.user && typeof t.user.name === 'string' ? { name: t.user.name } : null,
    queue: t.queue && typeof t.queue.name === 'string' ? { name: t.queue.name } : null,
  };
}

export function conflictAction(ticket: ConflictTicket, myUserId: number): ConflictAction {
  if (ticket.userId === myUserId) return { kind: 'navigate', uuid: ticket.uuid };
  return { kind: 'info', uuid: ticket.uuid, userName: ticket.user?.name ?? null, queueName: ticket.queue?.name ?? null };
}
