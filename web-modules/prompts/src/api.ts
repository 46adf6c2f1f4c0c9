import type { Prompt, PromptFields } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

/** The shapes, voices and rules are the plugin's own: @guiche/contracts prompts.ts. */
export async function fetchPrompts(search: string, pageNumber: number): Promise<Page<Prompt>> {
  const { data } = await api.get<{ prompts: Prompt[]; hasMore: boolean }>('/prompt', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.prompts, hasMore: data.hasMore };
}

export async function savePrompt(id: number | null, input: PromptFields): Promise<Prompt> {
  const { data } = id ? await api.put<Prompt>(`/prompt/${id}`, input) : await api.post<Prompt>('/prompt', input);
  return data;
}

export async function deletePrompt(id: number): Promise<void> {
  await api.delete(`/prompt/${id}`);
}

export async function fetchQueues(): Promise<{ id: number; name: string }[]> {
  const { data } = await api.get<{ id: number; name: string }[]>('/queue');
  return data;
}

/** Issue #33: the queues whose customers' audio is transcribed automatically, and what the admins should know. */
export interface TranscriptionQueues {
  queueIds: number[];
  keyConfigured: boolean;
  notTranscribed: number;
  lastReason: string | null;
}

export async function fetchTranscriptionQueues(): Promise<TranscriptionQueues> {
  return (await api.get<TranscriptionQueues>('/transcription-queues')).data;
}

export async function setTranscriptionQueue(queueId: number, auto: boolean): Promise<TranscriptionQueues> {
  return (await api.put<TranscriptionQueues>(`/transcription-queues/${queueId}`, { auto })).data;
}
