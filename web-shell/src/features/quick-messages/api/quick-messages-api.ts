import { api, type Page } from '@guiche/web-sdk';
import type { QuickMessage } from '@guiche/contracts';

export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral?: boolean;
}

/** GET /quick-messages (searchParam, pageNumber): 20 per page by shortcode; a user sees the general ones and their own. */
export async function fetchQuickMessages(search: string, pageNumber: number): Promise<Page<QuickMessage>> {
  const { data } = await api.get<{ records: QuickMessage[]; hasMore: boolean; count: number }>('/quick-messages', {
    params: { searchParam: search.trim() || undefined, pageNumber },
  });
  return { items: data.records, hasMore: data.hasMore, count: data.count };
}

export async function createQuickMessage(input: QuickMessageInput): Promise<QuickMessage> {
  const { data } = await api.post<QuickMessage>('/quick-messages', input);
  return data;
}

export async function updateQuickMessage(id: number, input: QuickMessageInput): Promise<QuickMessage> {
  const { data } = await api.put<QuickMessage>(`/quick-messages/${id}`, input);
  return data;
}

export async function deleteQuickMessage(id: number): Promise<void> {
  await api.delete(`/quick-messages/${id}`);
}

/** POST /quick-messages/{id}/media-upload (multipart typeArch, file). */
export async function uploadQuickMessageMedia(id: number, file: File): Promise<QuickMessage> {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', file, file.name);
  const { data } = await api.post<QuickMessage>(`/quick-messages/${id}/media-upload`, form);
  return data;
}

export async function deleteQuickMessageMedia(id: number): Promise<QuickMessage> {
  const { data } = await api.delete<QuickMessage>(`/quick-messages/${id}/media-upload`);
  return data;
}
