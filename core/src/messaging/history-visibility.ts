import type { Knex } from 'knex';
import type { Viewer } from './ticket-access.js';

/**
 * Which of a contact's earlier tickets (their messages, their notes) a user reads as context: an
 * admin every one; a plain user those they handled, those of their queues, and those without a
 * queue when they see such tickets (allTicket). Unlike the live lists, a closed ticket of the
 * user's queue counts though a colleague handled it: a customer's history in one's queue is the
 * context of the new conversation. Applies to a query joined with `tickets`.
 */
export function historyVisibleTo(viewer: Viewer) {
  return (query: Knex.QueryBuilder) => {
    if (viewer.isAdmin) return;
    query.where((where) => {
      where.where('tickets.userId', viewer.id);
      if (viewer.queueIds.length) where.orWhereIn('tickets.queueId', viewer.queueIds);
      if (viewer.allTicket) where.orWhereNull('tickets.queueId');
    });
  };
}
