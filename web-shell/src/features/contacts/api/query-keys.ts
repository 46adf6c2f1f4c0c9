import type { ContactsQuery } from './contacts-api.js';

/** react-query keys of the contacts page; all start with 'contacts'. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => ['contacts', 'list'] as const,
  list: (query: ContactsQuery) => ['contacts', 'list', { search: query.search.trim(), tagIds: [...query.tagIds].sort((a, b) => a - b) }] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
  connections: () => ['contacts', 'connections'] as const,
  queues: () => ['contacts', 'queues'] as const,
  mergeChoices: (id: number, search: string) => ['contacts', 'merge-choices', id, search.trim()] as const,
  mergePreview: (id: number, otherId: number) => ['contacts', 'merge-preview', id, otherId] as const,
};
