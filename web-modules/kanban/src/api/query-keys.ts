/** react-query keys of the kanban module; all start with 'kanban'. */
export const kanbanKeys = {
  lanes: () => ['kanban', 'lanes'] as const,
  cards: () => ['kanban', 'cards'] as const,
  lane: (lane: number) => ['kanban', 'cards', lane] as const,
  tagLists: () => ['kanban', 'tags'] as const,
  tagList: (search: string) => ['kanban', 'tags', { search: search.trim() }] as const,
  counts: () => ['kanban', 'counts'] as const,
};
