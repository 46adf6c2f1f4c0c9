import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { TicketEvents, type MessageRecord } from '@guiche/contracts';
import { useSocket, useSocketEvent } from '@guiche/web-sdk';
import { conversationKeys, fetchMessages, fetchTicket, type MessagesPage } from '../api.js';
import { applyLiveMessage, mergePages } from '../lib/messages.js';
import type { ConversationTicket } from '../types.js';

export function useConversationTicket(uuid: string) {
  return useQuery({
    queryKey: conversationKeys.ticket(uuid),
    queryFn: () => fetchTicket(uuid),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

type Pages = InfiniteData<MessagesPage, number>;

/** GET /messages/:ticketId page by page (page 1 = newest); the list is chronological and each id once. */
export function useTicketMessages(ticketId: number) {
  const query = useInfiniteQuery({
    queryKey: conversationKeys.messages(ticketId),
    queryFn: ({ pageParam }) => fetchMessages(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const messages = useMemo(() => mergePages(query.data?.pages ?? []), [query.data]);
  return { ...query, messages };
}

/** Puts messages the API answered (a send, an edit) into the list at once; the live event then changes nothing. */
export function useUpsertMessages(ticketId: number) {
  const client = useQueryClient();
  return useCallback(
    (records: MessageRecord[]) => {
      client.setQueryData<Pages>(conversationKeys.messages(ticketId), (data) => {
        if (!data) return data;
        let pages = data.pages;
        for (const record of records) {
          if (record.ticketId !== ticketId) continue;
          pages = applyLiveMessage(pages, record as unknown as Record<string, unknown>);
        }
        return { ...data, pages };
      });
    },
    [client, ticketId],
  );
}

interface AppMessagePayload {
  action: 'create' | 'update';
  message: Record<string, unknown> & { id: number; ticketId: number };
}
interface TicketPayload {
  action: 'update' | 'delete' | 'updateUnread';
  ticket?: ConversationTicket;
  ticketId?: number;
  /** On a delete: 'moved' when the ticket still exists but left this viewer's reach (a transfer). */
  reason?: 'moved';
}
interface PresencePayload {
  action: 'update';
  ticketId: number;
  presence: string;
}

export type Presence = 'composing' | 'recording' | null;
/** A presence not renewed within this time is dropped (channels send 'paused' but may not). */
const PRESENCE_TTL_MS = 10_000;

/**
 * Live behaviour of the open conversation (inbox.md §4): messages of this ticket appended or
 * updated in place, the ticket's own changes, its deletion or transfer out of reach, and the
 * contact's presence.
 */
export function useConversationLive(ticket: ConversationTicket, onGone: (moved: boolean) => void): Presence {
  const client = useQueryClient();
  // Several rooms may carry the same delete: react to the first.
  const gone = useRef(false);
  const socket = useSocket();
  const upsert = useUpsertMessages(ticket.id);
  const [presence, setPresence] = useState<Presence>(null);

  // The ticket's room brings its events even to a viewer outside its audience rooms.
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit('joinChatBox', ticket.uuid);
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveChatBox', ticket.uuid);
    };
  }, [socket, ticket.uuid]);

  useSocketEvent<AppMessagePayload>(TicketEvents.appMessage(ticket.companyId), (payload) => {
    if (!payload?.message || Number(payload.message.ticketId) !== ticket.id) return;
    upsert([payload.message as unknown as MessageRecord]);
    if (payload.action === 'create' && !payload.message.fromMe) setPresence(null);
  });

  useSocketEvent<TicketPayload>(TicketEvents.ticket(ticket.companyId), (payload) => {
    if (payload.action === 'delete' && payload.ticketId === ticket.id) {
      if (gone.current) return;
      gone.current = true;
      onGone(payload.reason === 'moved');
    }
    else if (payload.action === 'update' && payload.ticket && payload.ticket.id === ticket.id) {
      client.setQueryData(conversationKeys.ticket(ticket.uuid), payload.ticket);
    }
  });

  useSocketEvent<PresencePayload>(TicketEvents.presence(ticket.companyId), (payload) => {
    if (payload.ticketId !== ticket.id) return;
    setPresence(payload.presence === 'composing' || payload.presence === 'recording' ? payload.presence : null);
  });

  useEffect(() => {
    if (!presence) return;
    const timer = setTimeout(() => setPresence(null), PRESENCE_TTL_MS);
    return () => clearTimeout(timer);
  }, [presence]);

  useEffect(() => setPresence(null), [ticket.id]);
  return presence;
}
