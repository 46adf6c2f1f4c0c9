import type { ListFilter } from '../lib/ticket-filters.js';

/** react-query keys of the tickets screen; all start with 'tickets'. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => ['tickets', 'list'] as const,
  list: (filter: ListFilter) => ['tickets', 'list', filter] as const,
  ticket: (uuid: string) => ['tickets', 'ticket', uuid] as const,
  closeAllCount: (filter: ListFilter) => ['tickets', 'closeAllCount', filter] as const,
  log: (ticketId: number) => ['tickets', 'log', ticketId] as const,
  notifications: () => ['tickets', 'notifications'] as const,
  queues: () => ['tickets', 'queues'] as const,
  connections: () => ['tickets', 'connections'] as const,
  userList: () => ['tickets', 'userList'] as const,
  users: (search: string) => ['tickets', 'users', search] as const,
  contacts: (search: string) => ['tickets', 'contacts', search] as const,
};
