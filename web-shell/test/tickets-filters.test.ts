import { describe, expect, it } from 'vitest';
import { listFilterFor, ticketQueryParams, NO_QUEUE_ID, type ListControls } from '../src/features/tickets/lib/ticket-filters.js';
import { readQueueSelection, selectableQueueIds, writeQueueSelection, queueSelectionKey } from '../src/features/tickets/lib/queue-selection.js';

const base: ListControls = { isAdmin: false, showAll: true, queueIds: [3, NO_QUEUE_ID, 1], searchParam: ' maria ', tags: [5], whatsapps: [2], statuses: ['closed', 'open'], users: [9] };

describe('listFilterFor (inbox.md §2 views)', () => {
  it('gives each open-view tab its status and ignores the search controls', () => {
    for (const tab of ['open', 'pending', 'group'] as const) {
      const f = listFilterFor('open', tab, base);
      expect(f.status).toEqual([tab]);
      expect(f.searchParam).toBe('');
      expect(f.tags).toEqual([]);
    }
    expect(listFilterFor('closed', 'pending', base).status).toEqual(['closed']);
  });

  it('never asks showAll or users for a plain user', () => {
    const f = listFilterFor('search', 'open', base);
    expect(f.showAll).toBe(false);
    expect(f.users).toEqual([]);
    const admin = listFilterFor('search', 'open', { ...base, isAdmin: true });
    expect(admin.showAll).toBe(true);
    expect(admin.users).toEqual([9]);
  });

  it('builds the search view from the box and the filters, in a stable order', () => {
    const f = listFilterFor('search', 'open', base);
    expect(f).toMatchObject({ searchParam: 'maria', tags: [5], whatsapps: [2], status: ['open', 'closed'], queueIds: [0, 1, 3] });
  });
});

describe('ticketQueryParams (inbox.md §7 GET /tickets)', () => {
  it('sends one status as status and several as statusFilter, lists as JSON', () => {
    const one = ticketQueryParams(listFilterFor('open', 'pending', base), null);
    expect(one).toEqual({ showAll: 'false', queueIds: '[0,1,3]', status: 'pending' });
    const search = ticketQueryParams(listFilterFor('search', 'open', { ...base, isAdmin: true }), 'cursor_1');
    expect(search).toEqual({
      showAll: 'true',
      queueIds: '[0,1,3]',
      statusFilter: '["open","closed"]',
      searchParam: 'maria',
      tags: '[5]',
      whatsapps: '[2]',
      users: '[9]',
      cursor: 'cursor_1',
    });
  });
});

describe('queue selection (persisted locally)', () => {
  const store = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };

  it("offers the user's queues and 'Sem fila', all selected at first", () => {
    const s = store();
    const available = selectableQueueIds([4, 6]);
    expect(available).toEqual([4, 6, NO_QUEUE_ID]);
    expect(readQueueSelection(s, 1, available)).toEqual([4, 6, 0]);
  });

  it('remembers the choice per user and forgets queues the user lost', () => {
    const s = store();
    writeQueueSelection(s, 1, [6, 99]);
    expect(readQueueSelection(s, 1, [4, 6, 0])).toEqual([6]);
    expect(readQueueSelection(s, 2, [4, 6, 0])).toEqual([4, 6, 0]);
    writeQueueSelection(s, 1, []);
    expect(readQueueSelection(s, 1, [4, 6, 0])).toEqual([]);
    s.setItem(queueSelectionKey(1), 'not json');
    expect(readQueueSelection(s, 1, [4, 0])).toEqual([4, 0]);
  });
});
