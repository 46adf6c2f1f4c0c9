import '../features/tickets/i18n/register.js';
import { TicketNotifications } from '../features/tickets/notifications/TicketNotifications.js';

/** The top bar's notifications popover: the unread tickets, with a chime at the chosen volume. */
export function NotificationsPopover() {
  return <TicketNotifications />;
}
