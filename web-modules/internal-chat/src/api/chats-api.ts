import { api, type Page } from '@guiche/web-sdk';
import type { Chat, ChatInput, ChatMessage } from '@guiche/contracts';

/** One page as the chats API answers it. */
interface ServerPage<T> {
  records: T[];
  hasMore: boolean;
}

export interface UserOption {
  id: number;
  name: string;
}

export async function fetchChats(pageNumber: number): Promise<Page<Chat>> {
  const { data } = await api.get<ServerPage<Chat>>('/chats', { params: { pageNumber } });
  return { items: data.records, hasMore: data.hasMore };
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
  const { data } = await api.get<ServerPage<ChatMessage>>(`/chats/${chatId}/messages`, {
    params: { pageNumber },
  });
  return { items: data.records, hasMore: data.hasMore };
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
