import type { TicketStatus } from '@guiche/contracts';

/** The three views of the list panel and the tabs of the open view (inbox.md §2). */
export type TicketView = 'open' | 'closed' | 'search';
export type OpenTab = 'open' | 'pending' | 'group';
export const OPEN_TABS: readonly OpenTab[] = ['open', 'pending', 'group'];
export const SEARCH_STATUSES: readonly TicketStatus[] = ['open', 'closed', 'pending', 'group'];

/** 'Sem fila' in the queue multi-select and in queueIds. */
export const NO_QUEUE_ID = 0;

/** What one list shows; also its react-query key, so a change resets the list. */
export interface ListFilter {
  /** Statuses shown; empty: any. */
  status: TicketStatus[];
  showAll: boolean;
  /** Selected queues, NO_QUEUE_ID for tickets without a queue. */
  queueIds: number[];
  searchParam: string;
  tags: number[];
  whatsapps: number[];
  users: number[];
  /** Only tickets of contacts in the viewer's wallet (issue #33). */
  myWallet?: boolean;
}

export interface ListControls {
  isAdmin: boolean;
  showAll: boolean;
  queueIds: number[];
  searchParam: string;
  tags: number[];
  whatsapps: number[];
  statuses: TicketStatus[];
  users: number[];
  myWallet?: boolean;
}

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The filter of a list: the open view's tab is its status, the closed view is 'closed', the search
 * view takes the search box and the filters. A plain user never asks for showAll; only admins
 * filter by users.
 */
export function listFilterFor(view: TicketView, tab: OpenTab, c: ListControls): ListFilter {
  const base: ListFilter = {
    status: [],
    showAll: c.isAdmin && c.showAll,
    queueIds: sorted(c.queueIds),
    searchParam: '',
    tags: [],
    whatsapps: [],
    users: [],
    ...(c.myWallet ? { myWallet: true } : {}),
  };
  if (view === 'open') return { ...base, status: [tab] };
  if (view === 'closed') return { ...base, status: ['closed'] };
  return {
    ...base,
    searchParam: c.searchParam.trim(),
    tags: sorted(c.tags),
    whatsapps: sorted(c.whatsapps),
    status: SEARCH_STATUSES.filter((s) => c.statuses.includes(s)),
    users: c.isAdmin ? sorted(c.users) : [],
  };
}

/** GET /tickets query string of one page (inbox.md §7; list parameters travel as JSON arrays). */
export function ticketQueryParams(filter: ListFilter, cursor: string | null): Record<string, string> {
  const params: Record<string, string> = {
    showAll: String(filter.showAll),
    queueIds: JSON.stringify(filter.queueIds),
  };
  if (filter.status.length === 1) params.status = filter.status[0]!;
  else if (filter.status.length > 1) params.statusFilter = JSON.stringify(filter.status);
  if (filter.searchParam) params.searchParam = filter.searchParam;
  if (filter.tags.length) params.tags = JSON.stringify(filter.tags);
  if (filter.whatsapps.length) params.whatsapps = JSON.stringify(filter.whatsapps);
  if (filter.users.length) params.users = JSON.stringify(filter.users);
  if (filter.myWallet) params.myWallet = 'true';
  if (cursor) params.cursor = cursor;
  return params;
}
