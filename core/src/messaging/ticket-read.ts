import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { emitTicket } from './ticket-events.js';

/**
 * An agent opened the conversation: its unread counter goes back to 0 and the viewers' badges
 * follow (company-{id}-ticket updateUnread). Nothing is written or emitted when it was already 0.
 */
export async function markTicketRead(core: CoreServices, ticket: TicketRow): Promise<void> {
  const updated = await core.db('tickets').where({ id: ticket.id, companyId: ticket.companyId }).where('unreadMessages', '>', 0).update({ unreadMessages: 0 });
  if (updated) await emitTicket(core, { ...ticket, unreadMessages: 0 }, 'updateUnread');
}
