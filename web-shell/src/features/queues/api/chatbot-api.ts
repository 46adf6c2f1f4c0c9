import { api, statusOf } from '@guiche/web-sdk';
import type { Queue } from '@guiche/contracts';
import type { ChatbotOption } from '../lib/chatbot.js';

/** A queue as GET /queue/{id} shows it: with its top-level chatbot options. */
export type QueueDetail = Queue & { chatbots?: ChatbotOption[] };

export async function fetchQueue(id: number): Promise<QueueDetail> {
  const { data } = await api.get<QueueDetail>(`/queue/${id}`);
  return data;
}

/** GET /chatbot/{id}: the option with its inner options. */
export async function fetchChatbot(id: number): Promise<ChatbotOption> {
  const { data } = await api.get<ChatbotOption>(`/chatbot/${id}`);
  return data;
}

export async function createChatbot(payload: Record<string, unknown>): Promise<ChatbotOption> {
  const { data } = await api.post<ChatbotOption>('/chatbot', payload);
  return data;
}

export async function updateChatbot(id: number, payload: Record<string, unknown>): Promise<ChatbotOption> {
  const { data } = await api.put<ChatbotOption>(`/chatbot/${id}`, payload);
  return data;
}

/** DELETE /chatbot/{id}: the option and every option under it. */
export async function deleteChatbot(id: number): Promise<void> {
  await api.delete(`/chatbot/${id}`);
}

export interface NamedRecord {
  id: number;
  name: string;
}

/** A list that only exists once its module does (integrations, prompts): a missing route is an empty list. */
async function optionalList(path: string, field: string): Promise<NamedRecord[]> {
  try {
    const { data } = await api.get<Record<string, NamedRecord[]> | NamedRecord[]>(path);
    const list = Array.isArray(data) ? data : data?.[field];
    return Array.isArray(list) ? list.map((r) => ({ id: r.id, name: r.name })) : [];
  } catch (err) {
    if (statusOf(err) === 404 || statusOf(err) === 403) return [];
    throw err;
  }
}

/** GET /queueIntegration (queueIntegrations). */
export const fetchIntegrationOptions = () => optionalList('/queueIntegration', 'queueIntegrations');
/** GET /prompt (prompts). */
export const fetchPromptOptions = () => optionalList('/prompt', 'prompts');
