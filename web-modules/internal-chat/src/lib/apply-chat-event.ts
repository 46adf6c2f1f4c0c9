import type { QueryClient } from '@tanstack/react-query';
import { removeFromPages } from '@guiche/web-sdk';
import { chatKeys } from '../api/query-keys';
import { upsertChat, type ChatPages } from './chat-cache';
import { chatIdOf, type ChatEvent } from './chat-event';
import { addStoredMessage } from './stored-message';
import { isMember } from './unreads';

/** Brings the react-query cache in line with one live chat event. */
export function applyChatEvent(queryClient: QueryClient, event: ChatEvent, myUserId: number): void {
  const chatId = chatIdOf(event);
  if (event.action === 'delete') {
    if (chatId === undefined) return;
    forgetChat(queryClient, chatId);
    return;
  }
  const { chat } = event;
  if (chat) {
    if (!isMember(chat, myUserId)) {
      // Removed from the chat by its owner: it leaves my list.
      forgetChat(queryClient, chat.id);
      return;
    }
    queryClient.setQueryData<ChatPages>(chatKeys.list(), (data) => upsertChat(data, chat));
    queryClient.setQueryData(chatKeys.chat(chat.uuid), chat);
  }
  if (event.action === 'new-message' && event.newMessage && chatId !== undefined) {
    addStoredMessage(queryClient, chatId, event.newMessage);
  }
}

function forgetChat(queryClient: QueryClient, chatId: number): void {
  queryClient.setQueryData<ChatPages>(chatKeys.list(), (data) => removeFromPages(data, chatId));
  queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
  queryClient.removeQueries({
    queryKey: ['internal-chat', 'chat'],
    predicate: (query) => (query.state.data as { id?: number } | undefined)?.id === chatId,
  });
}
