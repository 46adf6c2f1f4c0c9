import { api, type Page } from '@guiche/web-sdk';

/** texto (answers in text) or one of the Brazilian Portuguese neural voices. */
export const VOICES = [
  'texto',
  'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural', 'pt-BR-BrendaNeural', 'pt-BR-DonatoNeural', 'pt-BR-ElzaNeural', 'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural', 'pt-BR-HumbertoNeural', 'pt-BR-JulioNeural', 'pt-BR-LeilaNeural', 'pt-BR-LeticiaNeural', 'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural', 'pt-BR-ValerioNeural', 'pt-BR-YaraNeural', 'pt-BR-ThalitaNeural',
] as const;

/** A prompt as GET /prompt gives it: apiKey and voiceKey masked (••••••••1234). */
export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  apiKey: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
}
export type PromptInput = Omit<Prompt, 'id' | 'queue' | 'queueId'> & { queueId: number | null };

export async function fetchPrompts(search: string, pageNumber: number): Promise<Page<Prompt>> {
  const { data } = await api.get<{ prompts: Prompt[]; hasMore: boolean }>('/prompt', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.prompts, hasMore: data.hasMore };
}

export async function savePrompt(id: number | null, input: PromptInput): Promise<Prompt> {
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
