/** react-query keys of the schedules module; all start with 'schedules'. */
export const scheduleKeys = {
  lists: () => ['schedules', 'list'] as const,
  list: (search: string) => ['schedules', 'list', { search: search.trim() }] as const,
  contacts: (search: string) => ['schedules', 'contacts', search.trim()] as const,
  contact: (id: number) => ['schedules', 'contact', id] as const,
  connections: () => ['schedules', 'connections'] as const,
};
