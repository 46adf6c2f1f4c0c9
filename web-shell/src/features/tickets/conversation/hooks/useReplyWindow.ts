import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MessageRecord } from '@guiche/contracts';
import { conversationKeys, fetchReplyWindow } from '../api.js';
import { msUntilChange, windowChannel, windowState, type ReplyWindow, type WindowChannel, type WindowState } from '../lib/window.js';
import type { ConversationTicket } from '../types.js';

export interface ReplyWindowInfo {
  channel: WindowChannel;
  window: ReplyWindow;
  state: WindowState;
}

/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The ticket's window on a Meta channel (null elsewhere or while loading). Asked again when a new
 * message of the contact arrives and when the window's next limit passes.
 */
export function useReplyWindow(ticket: ConversationTicket, messages: MessageRecord[]): ReplyWindowInfo | null {
  const channel = windowChannel(ticket.whatsapp?.channel ?? ticket.channel);
  const lastInboundId = useMemo(() => messages.reduce((max, m) => (!m.fromMe && m.id > max ? m.id : max), 0), [messages]);
  const query = useQuery({
    queryKey: conversationKeys.replyWindow(ticket.id, lastInboundId),
    queryFn: () => fetchReplyWindow(channel!, ticket.id),
    enabled: channel !== null,
    // No window known (a channel without the route, an error): the input keeps its usual behaviour.
    retry: false,
    refetchOnWindowFocus: true,
  });
  const { data, refetch } = query;
  useEffect(() => {
    if (!data) return;
    const wait = msUntilChange(data);
    if (wait === null || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), wait + 1000);
    return () => clearTimeout(timer);
  }, [data, refetch]);
  if (!channel || !data) return null;
  return { channel, window: data, state: windowState(channel, data) };
}
