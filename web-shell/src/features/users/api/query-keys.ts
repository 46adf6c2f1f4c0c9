/** react-query keys of the users page; all start with 'users'. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (search: string) => ['users', 'list', { search: search.trim() }] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  queueOptions: () => ['users', 'options', 'queues'] as const,
  connectionOptions: () => ['users', 'options', 'connections'] as const,
};
