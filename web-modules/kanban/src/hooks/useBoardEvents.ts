import { useQueryClient } from '@tanstack/react-query';
import { TicketEvents } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import type { KanbanTicket } from '../api/kanban-api';
import { kanbanKeys } from '../api/query-keys';
import { BOARD_STATUSES, lanesOf, withoutTicket, withTicket, type LaneData } from '../lib/lanes';

type TicketEvent = { action: 'update'; ticket: KanbanTicket } | { action: 'delete' | 'updateUnread'; ticketId: number };

/**
 * company-{id}-ticket keeps every loaded lane live: a card moved (its tags changed), a ticket
 * created, updated, closed or deleted anywhere leaves the lanes it no longer belongs to and joins
 * the ones it does, at its place in the server's order.
 */
export function useBoardEvents(laneIds: ReadonlySet<number>): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<TicketEvent>(user ? TicketEvents.ticket(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    if (event.action === 'updateUnread') return;
    const ticket = event.action === 'update' ? event.ticket : null;
    const ticketId = ticket ? ticket.id : event.action === 'delete' ? event.ticketId : null;
    if (!ticketId) return;
    const shown = ticket && BOARD_STATUSES.includes(ticket.status) ? new Set(lanesOf(ticket, laneIds)) : new Set<number>();
    for (const [key, data] of queryClient.getQueriesData<LaneData>({ queryKey: kanbanKeys.cards() })) {
      if (!data) continue;
      const lane = key[2] as number;
      queryClient.setQueryData<LaneData>(key, shown.has(lane) && ticket ? withTicket(data, ticket) : withoutTicket(data, ticketId));
    }
  });
}
