import { api } from '@guiche/web-sdk';

/** GET/PUT /telegram/{id}/bot (plugins/channel-telegram): the token never comes back, only masked. */
export interface TelegramBotView {
  configured: boolean;
  username: string | null;
  token: string | null;
  mode: 'webhook' | 'polling';
  lastError: string | null;
}

export async function fetchTelegramBot(id: number): Promise<TelegramBotView> {
  const { data } = await api.get<TelegramBotView>(`/telegram/${id}/bot`);
  return data;
}

export async function saveTelegramToken(id: number, token: string): Promise<TelegramBotView> {
  const { data } = await api.put<TelegramBotView>(`/telegram/${id}/bot`, { token });
  return data;
}
