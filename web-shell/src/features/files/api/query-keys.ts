/** react-query keys of the file lists page; all start with 'files'. */
export const fileKeys = {
  all: ['files'] as const,
  lists: () => ['files', 'list'] as const,
  list: (search: string) => ['files', 'list', { search: search.trim() }] as const,
  options: () => ['files', 'options'] as const,
};
