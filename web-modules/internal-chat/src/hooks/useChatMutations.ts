import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chat, ChatInput } from '@guiche/contracts';
import { removeFromPages } from '@guiche/web-sdk';
import { createChat, deleteChat, updateChat } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';
import { upsertChat, type ChatPages } from '../lib/chat-cache';

/** Create / edit / delete a chat; the cache is updated at once (the live event will agree). */
export function useChatMutations() {
  const queryClient = useQueryClient();
  const putInCache = (chat: Chat) => {
    queryClient.setQueryData<ChatPages>(chatKeys.list(), (data) => upsertChat(data, chat));
    queryClient.setQueryData(chatKeys.chat(chat.uuid), chat);
  };

  const create = useMutation({
    mutationFn: (input: ChatInput) => createChat(input),
    onSuccess: putInCache,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: ChatInput }) => updateChat(id, input),
    onSuccess: putInCache,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (chat: Chat) => deleteChat(chat.id),
    onSuccess: (_void, chat) => {
      queryClient.setQueryData<ChatPages>(chatKeys.list(), (data) => removeFromPages(data, chat.id));
      queryClient.removeQueries({ queryKey: chatKeys.messages(chat.id) });
      queryClient.removeQueries({ queryKey: chatKeys.chat(chat.uuid) });
    },
    meta: { silent: true },
  });
  return { create, update, remove };
}
