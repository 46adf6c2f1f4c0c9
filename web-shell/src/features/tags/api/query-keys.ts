/** react-query keys of the tags page; all start with 'tags'. */
export const tagKeys = {
  all: ['tags'] as const,
  lists: () => ['tags', 'list'] as const,
  list: (search: string) => ['tags', 'list', { search: search.trim() }] as const,
};
