import { api, type Page } from '@guiche/web-sdk';
import type { Tag } from '@guiche/contracts';

export interface TagFormInput {
  name: string;
  color: string;
  kanban: boolean;
}

/** GET /tags (searchParam, pageNumber): 20 per page by name, each with its contactsCount. */
export async function fetchTags(search: string, pageNumber: number): Promise<Page<Tag>> {
  const { data } = await api.get<{ tags: Tag[]; hasMore: boolean }>('/tags', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.tags, hasMore: data.hasMore };
}

export async function createTag(input: TagFormInput): Promise<Tag> {
  const { data } = await api.post<Tag>('/tags', input);
  return data;
}

export async function updateTag(id: number, input: TagFormInput): Promise<Tag> {
  const { data } = await api.put<Tag>(`/tags/${id}`, input);
  return data;
}

export async function deleteTag(id: number): Promise<void> {
  await api.delete(`/tags/${id}`);
}
