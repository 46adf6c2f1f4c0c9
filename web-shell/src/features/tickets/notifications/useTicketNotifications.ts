import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TicketEvents } from '@guiche/contracts';
import { useSession, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { readVolume } from '../../../layout/VolumeControl.js';
import { fetchUnreadTickets } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';
import type { AppMessageEvent, Ticket, TicketSocketEvent } from '../api/types.js';
import { shouldAlert, updateNotifications, type NotifiedUser } from '../lib/notifications.js';
import { truncate } from '../lib/text.js';
import { SeenIds } from '../lib/seen-ids.js';
import { useAfterFirstTicketList } from './useAfterFirstTicketList.js';
import { TICKETS_NS } from '../i18n/register.js';
import { playNotificationSound } from './sound.js';

const OPEN_TICKET = /^\/tickets\/([0-9a-f-]{36})$/i;

/**
 * The unread tickets of the top-bar popover (GET /tickets?withUnreadMessages), kept live; a
 * contact's message plays the chime at the chosen volume (and shows a desktop notice when allowed),
 * unless that conversation is on screen.
 */
export function useTicketNotifications() {
  const { t } = useTranslation(TICKETS_NS);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const listFirst = useAfterFirstTicketList(location.pathname.startsWith('/tickets'));
  const query = useQuery({
    queryKey: ticketKeys.notifications(),
    queryFn: fetchUnreadTickets,
    enabled: Boolean(user) && listFirst,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });

  const me: NotifiedUser | null = user ? { id: user.id, queueIds: user.queues.map((q) => q.id), allTicket: user.allTicket === 'enable' } : null;
  const alerted = useRef(new SeenIds());
  const openUuid = OPEN_TICKET.exec(location.pathname)?.[1] ?? null;
  const edit = (fn: (list: Ticket[]) => Ticket[]) => queryClient.setQueryData<Ticket[]>(ticketKeys.notifications(), (old) => (old ? fn(old) : old));

  useSocketEvent<AppMessageEvent>(user ? TicketEvents.appMessage(user.companyId) : null, (event) => {
    if (!me || !event?.ticket || event.action !== 'create') return;
    const ticket = event.ticket;
    edit((list) => updateNotifications(list, ticket, me));
    const fromMe = Boolean(event.message?.fromMe);
    if (!updateNotifications([], ticket, me).length) return;
    // The same message announced again (a node's take-over) rings once.
    if (event.message?.id !== undefined && !alerted.current.first(Number(event.message.id))) return;
    if (!shouldAlert(fromMe, ticket, openUuid, document.visibilityState === 'visible')) return;
    playNotificationSound(readVolume());
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible') {
      const notice = new Notification(t('notifications.newMessage', { name: ticket.contact.name }), { body: truncate(event.message?.body ?? ticket.lastMessage, 60), tag: ticket.uuid });
      notice.onclick = () => {
        window.focus();
        navigate(`/tickets/${ticket.uuid}`);
        notice.close();
      };
    }
  });

  useSocketEvent<TicketSocketEvent>(user ? TicketEvents.ticket(user.companyId) : null, (event) => {
    if (!me || !event || typeof event !== 'object') return;
    // An update may also bring a ticket with unread messages into the user's reach (transferred to them or their queue).
    if (event.action === 'update' && event.ticket) edit((list) => updateNotifications(list, event.ticket, me));
    else if (event.action === 'delete' || event.action === 'updateUnread') edit((list) => list.filter((x) => x.id !== event.ticketId));
  });

  return query;
}
