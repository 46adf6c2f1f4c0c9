/** react-query keys of the quick-messages page; all start with 'quick-messages'. */
export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  lists: () => ['quick-messages', 'list'] as const,
  list: (search: string) => ['quick-messages', 'list', { search: search.trim() }] as const,
};
