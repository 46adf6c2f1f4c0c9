import { useEffect, useRef } from 'react';
import { TicketEvents } from '@guiche/contracts';
import { useSocketEvent } from '@guiche/web-sdk';
import { markConversationRead } from '../api.js';
import type { ConversationTicket } from '../types.js';

interface AppMessagePayload {
  action: 'create' | 'update';
  message?: { ticketId: number; fromMe?: boolean; isPrivate?: boolean };
}

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * While this conversation is on screen and the page is visible, the customer's new messages are
 * read at once: the server zeroes the counter (every open browser's badges follow its
 * updateUnread event) and sends the channel its read receipts. Messages that arrive while the page
 * is hidden are read when it becomes visible again. One call at a time; a burst makes one more.
 */
export function useReadWhileOpen(ticket: ConversationTicket): void {
  const unseen = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const read = () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    unseen.current = false;
    inFlight.current = markConversationRead(ticket.id)
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = null;
        if (again.current) {
          again.current = false;
          read();
        }
      });
  };

  useSocketEvent<AppMessagePayload>(TicketEvents.appMessage(ticket.companyId), (payload) => {
    const message = payload?.message;
    if (payload?.action !== 'create' || !message || Number(message.ticketId) !== ticket.id || message.fromMe || message.isPrivate) return;
    if (visible()) read();
    else unseen.current = true;
  });

  useEffect(() => {
    const onVisible = () => {
      if (visible() && unseen.current) read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
    // read() only closes over refs and the ticket id, which keys this component.
  }, [ticket.id]);
}
