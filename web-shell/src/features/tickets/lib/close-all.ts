import type { TicketPage } from '../api/types.js';
import type { ListFilter } from './ticket-filters.js';

/** The statuses close-all acts on: the open view's tabs (inbox.md §7 POST /tickets/closeAll). */
export type CloseAllStatus = 'open' | 'pending' | 'group';

/** Pages counted before the dialog says "more than": the API has no count, so the count walks the list. */
export const CLOSE_ALL_COUNT_PAGES = 5;

export interface CloseAllCount {
  count: number;
  /** More tickets than the pages counted. */
  more: boolean;
}

/**
 * The list close-all acts on: every ticket of the status in the queues, whoever holds it — what
 * an admin's show-all list of that tab shows.
 */
export function closeAllFilter(status: CloseAllStatus, queueIds: readonly number[]): ListFilter {
  return { status: [status], showAll: true, queueIds: [...new Set(queueIds)].sort((a, b) => a - b), searchParam: '', tags: [], whatsapps: [], users: [] };
}

/** How many tickets close-all would close, page by page up to CLOSE_ALL_COUNT_PAGES. */
export async function countTicketsToClose(filter: ListFilter, fetchPage: (filter: ListFilter, cursor: string | null) => Promise<TicketPage>): Promise<CloseAllCount> {
  let count = 0;
  let cursor: string | null = null;
  for (let page = 0; page < CLOSE_ALL_COUNT_PAGES; page++) {
    const result: TicketPage = await fetchPage(filter, cursor);
    count += result.tickets.length;
    if (!result.hasMore || !result.nextCursor) return { count, more: false };
    cursor = result.nextCursor;
  }
  return { count, more: true };
}
