import { describe, expect, it } from 'vitest';
import { CLOSE_ALL_COUNT_PAGES, closeAllFilter, countTicketsToClose } from '../src/features/tickets/lib/close-all.js';
import type { ListFilter } from '../src/features/tickets/lib/ticket-filters.js';
import type { Ticket, TicketPage } from '../src/features/tickets/api/types.js';

/** A fake GET /tickets: `total` tickets served `size` per page with a keyset cursor. */
function pages(total: number, size = 40) {
  const calls: { filter: ListFilter; cursor: string | null }[] = [];
  const fetchPage = async (filter: ListFilter, cursor: string | null): Promise<TicketPage> => {
    calls.push({ filter, cursor });
    const start = cursor ? Number(cursor) : 0;
    const tickets = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: start + i + 1 }) as Ticket);
    const hasMore = start + size < total;
    return { tickets, hasMore, nextCursor: hasMore ? String(start + size) : null };
  };
  return { calls, fetchPage };
}

describe('close-all count', () => {
  it('asks for every holder (show-all) of one status in the chosen queues, sorted and without repeats', () => {
    expect(closeAllFilter('pending', [5, 0, 3, 5])).toEqual({ status: ['pending'], showAll: true, queueIds: [0, 3, 5], searchParam: '', tags: [], whatsapps: [], users: [] });
  });

  it('counts every page while there are few', async () => {
    const { calls, fetchPage } = pages(95);
    expect(await countTicketsToClose(closeAllFilter('open', [1]), fetchPage)).toEqual({ count: 95, more: false });
    expect(calls.map((c) => c.cursor)).toEqual([null, '40', '80']);
  });

  it('answers zero for an empty tab', async () => {
    expect(await countTicketsToClose(closeAllFilter('group', [1]), pages(0).fetchPage)).toEqual({ count: 0, more: false });
  });

  it('stops after the counted pages and says there are more', async () => {
    const { calls, fetchPage } = pages(10_000);
    expect(await countTicketsToClose(closeAllFilter('pending', [1]), fetchPage)).toEqual({ count: CLOSE_ALL_COUNT_PAGES * 40, more: true });
    expect(calls).toHaveLength(CLOSE_ALL_COUNT_PAGES);
  });
});
