import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, type Tag } from '@guiche/contracts';
import { api } from '../api.js';
import { useSocketEvent } from '../realtime/hooks.js';
import { useSession } from '../session/context.js';

export const COMPANY_TAGS_KEY = ['companyTags'] as const;

async function fetchCompanyTags(): Promise<Tag[]> {
  const { data } = await api.get<Tag[]>('/tags/list');
  return data;
}

/**
 * Every tag of the company (GET /tags/list), shared by every tag picker and kept live: a tag
 * created, renamed or deleted anywhere (company-{id}-tag) refreshes all pickers at once.
 */
export function useCompanyTags(enabled = true) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useSocketEvent(user ? Events.tag(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: COMPANY_TAGS_KEY });
  });
  return useQuery({ queryKey: COMPANY_TAGS_KEY, queryFn: fetchCompanyTags, staleTime: 5 * 60_000, enabled: enabled && user !== null });
}

/** Whether a picker may offer to create a tag named by the query (the server wants 3+ characters, names are unique). */
export function canCreateTagNamed(query: string, tags: readonly Pick<Tag, 'name'>[]): boolean {
  const name = query.trim();
  return name.length >= 3 && !tags.some((tag) => tag.name.localeCompare(name, undefined, { sensitivity: 'base' }) === 0);
}

/** POST /tags from a picker's typed query (default colour): the new tag joins the shared list at once. */
export async function createCompanyTag(queryClient: ReturnType<typeof useQueryClient>, name: string): Promise<Tag> {
  const { data } = await api.post<Tag>('/tags', { name: name.trim() });
  queryClient.setQueryData<Tag[]>(COMPANY_TAGS_KEY, (old) => (old && !old.some((tag) => tag.id === data.id) ? [...old, data].sort((a, b) => a.name.localeCompare(b.name)) : old));
  return data;
}
