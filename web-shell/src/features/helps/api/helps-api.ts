import type { Help } from '@guiche/contracts';
import { api } from '@guiche/web-sdk';

export const helpKeys = { list: () => ['helps', 'list'] as const };

export const thumbnailUrl = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
export const embedUrl = (code: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}?autoplay=1`;

/** GET /helps/list: every help entry. */
export async function fetchHelps(): Promise<Help[]> {
  const { data } = await api.get<Help[]>('/helps/list');
  return data;
}

export async function saveHelp(id: number | null, payload: { title: string; description: string | null; video: string }): Promise<Help> {
  const { data } = id === null ? await api.post<Help>('/helps', payload) : await api.put<Help>(`/helps/${id}`, payload);
  return data;
}

export async function deleteHelp(id: number): Promise<void> {
  await api.delete(`/helps/${id}`);
}
