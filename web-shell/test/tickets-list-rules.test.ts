import { describe, expect, it } from 'vitest';
import { applyChange, applyChangeToPages, flattenPages, matchesFilter, unreadTickets } from '../src/features/tickets/lib/list-rules.js';
import { listFilterFor, NO_QUEUE_ID, type ListControls } from '../src/features/tickets/lib/ticket-filters.js';
import type { TicketPage } from '../src/features/tickets/api/types.js';
import { ticket } from './tickets-fixtures.js';

const ME = { id: 7 };
const controls: ListControls = { isAdmin: false, showAll: false, queueIds: [10, NO_QUEUE_ID], searchParam: '', tags: [], whatsapps: [], statuses: [], users: [] };
const pending = listFilterFor('open', 'pending', controls);
const open = listFilterFor('open', 'open', controls);

describe('matchesFilter (inbox.md §4: which tickets a list keeps)', () => {
  it('keeps a ticket of the list status in a selected queue', () => {
    expect(matchesFilter(ticket({ status: 'pending', queueId: 10 }), pending, ME)).toBe(true);
    expect(matchesFilter(ticket({ status: 'open', queueId: 10 }), pending, ME)).toBe(false);
  });

  it("treats a ticket without queue as 'Sem fila'", () => {
    expect(matchesFilter(ticket({ queueId: null }), pending, ME)).toBe(true);
    expect(matchesFilter(ticket({ queueId: null }), { ...pending, queueIds: [10] }, ME)).toBe(false);
  });

  it('drops a ticket whose queue is not selected', () => {
    expect(matchesFilter(ticket({ queueId: 11 }), pending, ME)).toBe(false);
  });

  it("shows someone else's ticket only with show-all", () => {
    const others = ticket({ status: 'open', userId: 99 });
    expect(matchesFilter(others, open, ME)).toBe(false);
    expect(matchesFilter(others, { ...open, showAll: true }, ME)).toBe(true);
    expect(matchesFilter(ticket({ status: 'open', userId: ME.id }), open, ME)).toBe(true);
  });

  it('applies the search filters; a text search cannot be decided locally', () => {
    const search = listFilterFor('search', 'open', { ...controls, isAdmin: true, tags: [3], whatsapps: [1], users: [7], statuses: ['open'] });
    const good = ticket({ status: 'open', userId: 7, whatsappId: 1, tags: [{ id: 3, name: 'vip', color: '#000' }] });
    expect(matchesFilter(good, search, ME)).toBe(true);
    expect(matchesFilter({ ...good, tags: [] }, search, ME)).toBe(false);
    expect(matchesFilter({ ...good, whatsappId: 2 }, search, ME)).toBe(false);
    expect(matchesFilter({ ...good, userId: 8 }, { ...search, showAll: true }, ME)).toBe(false);
    expect(matchesFilter({ ...good, status: 'closed' }, search, ME)).toBe(false);
    expect(matchesFilter(good, { ...search, searchParam: 'maria' }, ME)).toBe('unknown');
  });
});

describe('applyChange (inbox.md §4 live list)', () => {
  const a = ticket({ id: 101, status: 'pending' });
  const b = ticket({ id: 102, status: 'pending' });
  const c = ticket({ id: 103, status: 'pending' });
  const list = [a, b, c];

  it('replaces an updated row in place', () => {
    const after = applyChange(list, { kind: 'ticket', ticket: { ...b, lastMessage: 'new' } }, pending, ME);
    expect(after.map((t) => t.id)).toEqual([101, 102, 103]);
    expect(after[1]!.lastMessage).toBe('new');
  });

  it('adds a ticket that now belongs on top', () => {
    const d = ticket({ id: 104, status: 'pending' });
    expect(applyChange(list, { kind: 'ticket', ticket: d }, pending, ME).map((t) => t.id)).toEqual([104, 101, 102, 103]);
  });

  it('moves a row to the top on a new message', () => {
    const after = applyChange(list, { kind: 'message', ticket: { ...c, unreadMessages: 2 } }, pending, ME);
    expect(after.map((t) => t.id)).toEqual([103, 101, 102]);
    expect(after[0]!.unreadMessages).toBe(2);
  });

  it('removes a ticket that no longer matches (accepted, moved to an unselected queue, taken by another)', () => {
    expect(applyChange(list, { kind: 'ticket', ticket: { ...a, status: 'open', userId: 7 } }, pending, ME).map((t) => t.id)).toEqual([102, 103]);
    expect(applyChange(list, { kind: 'ticket', ticket: { ...a, queueId: 55 } }, pending, ME).map((t) => t.id)).toEqual([102, 103]);
    const openList = [ticket({ id: 201, status: 'open', userId: 7 })];
    expect(applyChange(openList, { kind: 'ticket', ticket: { ...openList[0]!, userId: 8 } }, open, ME)).toEqual([]);
  });

  it('deletes, resets unread counts and follows contact updates', () => {
    expect(applyChange(list, { kind: 'delete', ticketId: 102 }, pending, ME).map((t) => t.id)).toEqual([101, 103]);
    const unread = [{ ...a, unreadMessages: 4 }];
    expect(applyChange(unread, { kind: 'unreadReset', ticketId: a.id }, pending, ME)[0]!.unreadMessages).toBe(0);
    const renamed = applyChange(list, { kind: 'contact', contact: { ...a.contact, name: 'Renamed' } }, pending, ME);
    expect(renamed[0]!.contact.name).toBe('Renamed');
    expect(renamed[1]!.contact.name).toBe(b.contact.name);
    expect(applyChange(list, { kind: 'contactDelete', contactId: c.contactId }, pending, ME).map((t) => t.id)).toEqual([101, 102]);
  });

  it('keeps a row under a text search but never adds one it cannot judge', () => {
    const search = { ...listFilterFor('search', 'open', controls), searchParam: 'x' };
    expect(applyChange([a], { kind: 'message', ticket: b }, search, ME).map((t) => t.id)).toEqual([101]);
    expect(applyChange([a, b], { kind: 'message', ticket: b }, search, ME).map((t) => t.id)).toEqual([102, 101]);
  });
});

describe('applyChangeToPages', () => {
  const pages: TicketPage[] = [
    { tickets: [ticket({ id: 1 }), ticket({ id: 2 })], hasMore: true, nextCursor: 'c1' },
    { tickets: [ticket({ id: 3 }), ticket({ id: 4 })], hasMore: false, nextCursor: null },
  ];

  it('moves a row from a later page to the top of the first and keeps each page cursor', () => {
    const moved = applyChangeToPages(pages, { kind: 'message', ticket: { ...pages[1]!.tickets[1]!, lastMessage: 'hi' } }, pending, ME);
    expect(moved.map((p) => p.tickets.map((t) => t.id))).toEqual([[4, 1, 2], [3]]);
    expect(moved.map((p) => p.nextCursor)).toEqual(['c1', null]);
  });

  it('removes rows wherever they are', () => {
    const after = applyChangeToPages(pages, { kind: 'delete', ticketId: 3 }, pending, ME);
    expect(after.map((p) => p.tickets.map((t) => t.id))).toEqual([[1, 2], [4]]);
  });

  it('flattens pages once per ticket and counts tickets with unread messages', () => {
    const dup: TicketPage[] = [pages[0]!, { ...pages[1]!, tickets: [pages[0]!.tickets[1]!, { ...pages[1]!.tickets[0]!, unreadMessages: 3 }] }];
    const flat = flattenPages(dup);
    expect(flat.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(unreadTickets(flat)).toBe(1);
  });
});
