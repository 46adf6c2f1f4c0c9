import { api } from '@guiche/web-sdk';
import type { Chat, ChatInput, ChatMessage } from '@guiche/contracts';

export interface Page<T> {
  records: T[];
  hasMore: boolean;
}
export interface UserOption {
  id: number;
  name: string;
}

export async function fetchChats(pageNumber: number): Promise<Page<Chat>> {
  const { data } = await api.get<Page<Chat>>('/chats', { params: { pageNumber } });
  return data;
}

/** The server accepts the numeric id or the uuid. */
export async function fetchChat(idOrUuid: string | number): Promise<Chat> {
  const { data } = await api.get<Chat>(`/chats/${idOrUuid}`);
  return data;
}

export async function createChat(input: ChatInput): Promise<Chat> {
  const { data } = await api.post<Chat>('/chats', input);
  return data;
}

export async function updateChat(id: number, input: ChatInput): Promise<Chat> {
  const { data } = await api.put<Chat>(`/chats/${id}`, input);
  return data;
}

export async function deleteChat(id: number): Promise<void> {
  await api.delete(`/chats/${id}`);
}

export async function markChatRead(id: number, userId: number): Promise<void> {
  await api.post(`/chats/${id}/read`, { userId });
}

export async function fetchMessages(chatId: number, pageNumber: number): Promise<Page<ChatMessage>> {
  const { data } = await api.get<Page<ChatMessage>>(`/chats/${chatId}/messages`, {
    params: { pageNumber },
  });
  return data;
}

export async function sendTextMessage(chatId: number, message: string): Promise<ChatMessage> {
  const { data } = await api.post<ChatMessage>(`/chats/${chatId}/messages`, { message });
  return data;
}

export async function sendMediaMessage(chatId: number, file: File, body = ''): Promise<ChatMessage> {
  const form = new FormData();
  form.append('medias', file, file.name);
  if (body) form.append('body', body);
  const { data } = await api.post<ChatMessage>(`/chats/${chatId}/messages`, form);
  return data;
}

export async function fetchUserOptions(): Promise<UserOption[]> {
  const { data } = await api.get<UserOption[]>('/users/list');
  return data;
}
