import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Events, TicketEvents } from '@guiche/contracts';
import { useSession, useSocket, useSocketEvent } from '@guiche/web-sdk';
import { ticketKeys } from '../api/query-keys.js';
import type { AppMessageEvent, ContactSocketEvent, Ticket, TicketPage, TicketSocketEvent } from '../api/types.js';
import { applyChangeToPages, type ListChange } from '../lib/list-rules.js';
import type { ListFilter } from '../lib/ticket-filters.js';
import { SEARCH_DEBOUNCE_MS as DEBOUNCE_MS } from '@guiche/web-sdk';

type Pages = InfiniteData<TicketPage, string | null>;

/**
 * Keeps every cached ticket list and the open ticket live (inbox.md §4) from company-{id}-ticket,
 * -appMessage and -contact. A list whose rows could not be judged locally (a text search) is
 * refetched, debounced 500 ms. `onOpenTicketGone` runs once per ticket when the ticket on screen
 * was deleted or moved out of the user's reach (a transfer).
 */
export function useTicketLiveEvents(openTicket: Ticket | undefined, onOpenTicketGone: () => void): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Several rooms may carry the same delete: the open view reacts to the first one only.
  const goneTicketId = useRef<number | null>(null);
  useEffect(() => () => {
    if (refetchTimer.current) clearTimeout(refetchTimer.current);
  }, []);

  const scheduleSearchRefetch = () => {
    if (refetchTimer.current) clearTimeout(refetchTimer.current);
    refetchTimer.current = setTimeout(() => {
      void queryClient.invalidateQueries({
        queryKey: ticketKeys.lists(),
        predicate: (q) => Boolean((q.queryKey[2] as ListFilter | undefined)?.searchParam),
      });
    }, DEBOUNCE_MS);
  };

  const applyToLists = (change: ListChange) => {
    if (!user) return;
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
      const filter = query.queryKey[2] as ListFilter;
      queryClient.setQueryData<Pages>(query.queryKey, (data) =>
        data ? { ...data, pages: applyChangeToPages(data.pages, change, filter, { id: user.id }) } : data,
      );
    }
    if (change.kind === 'ticket' || change.kind === 'message') scheduleSearchRefetch();
  };

  const updateOpenTicket = (ticket: Ticket) => {
    queryClient.setQueryData<Ticket>(ticketKeys.ticket(ticket.uuid), (old) => (old ? { ...old, ...ticket } : old));
  };

  const companyId = user?.companyId ?? null;

  useSocketEvent<TicketSocketEvent>(companyId === null ? null : TicketEvents.ticket(companyId), (event) => {
    if (!event || typeof event !== 'object') return;
    if (event.action === 'update' && event.ticket) {
      applyToLists({ kind: 'ticket', ticket: event.ticket });
      updateOpenTicket(event.ticket);
    } else if (event.action === 'delete') {
      applyToLists({ kind: 'delete', ticketId: event.ticketId });
      if (openTicket && openTicket.id === event.ticketId && goneTicketId.current !== event.ticketId) {
        goneTicketId.current = event.ticketId;
        onOpenTicketGone();
      }
    } else if (event.action === 'updateUnread') {
      applyToLists({ kind: 'unreadReset', ticketId: event.ticketId });
      if (openTicket?.id === event.ticketId) updateOpenTicket({ ...openTicket, unreadMessages: 0 });
    }
  });

  useSocketEvent<AppMessageEvent>(companyId === null ? null : TicketEvents.appMessage(companyId), (event) => {
    if (!event?.ticket) return;
    // A message (new or updated) brings the ticket's current state; a new one moves the row to the top.
    applyToLists({ kind: event.action === 'create' ? 'message' : 'ticket', ticket: event.ticket });
    updateOpenTicket(event.ticket);
  });

  useSocketEvent<ContactSocketEvent>(companyId === null ? null : Events.contact(companyId), (event) => {
    if (!event || typeof event !== 'object') return;
    if (event.action === 'delete') applyToLists({ kind: 'contactDelete', contactId: event.contactId });
    else if (event.contact) {
      applyToLists({ kind: 'contact', contact: event.contact });
      if (openTicket && openTicket.contactId === event.contact.id) updateOpenTicket({ ...openTicket, contact: { ...openTicket.contact, ...event.contact } });
    }
  });
}

/**
 * The socket joins the open ticket's room ('joinChatBox' with its uuid; again after a reconnect)
 * and leaves it when another ticket opens.
 */
export function useJoinTicketRoom(uuid: string | undefined): void {
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !uuid) return;
    const join = () => socket.emit('joinChatBox', uuid);
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveChatBox', uuid);
    };
  }, [socket, uuid]);
}
