/** react-query keys of the campaigns module. */
export const keys = {
  campaigns: () => ['campaigns', 'list'] as const,
  campaignList: (search: string) => ['campaigns', 'list', { search: search.trim() }] as const,
  campaign: (id: number) => ['campaigns', 'one', id] as const,
  lists: () => ['contactLists', 'list'] as const,
  listPage: (search: string) => ['contactLists', 'list', { search: search.trim() }] as const,
  allLists: () => ['contactLists', 'all'] as const,
  listOne: (id: number) => ['contactLists', 'one', id] as const,
  items: (listId: number) => ['contactListItems', listId] as const,
  itemPage: (listId: number, search: string) => ['contactListItems', listId, { search: search.trim() }] as const,
  connections: () => ['campaigns', 'connections'] as const,
  tags: () => ['campaigns', 'tags'] as const,
  flows: () => ['campaigns', 'flows'] as const,
  settings: () => ['campaigns', 'settings'] as const,
};
