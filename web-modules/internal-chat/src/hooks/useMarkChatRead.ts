import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Chat } from '@guiche/contracts';
import { markChatRead } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';
import { updateChatInList, type ChatPages } from '../lib/chat-cache';
import { withMyUnreadsCleared } from '../lib/unreads';
import { reportChatError } from '../lib/report-error';
import { useMe } from './useMe';

/** POST /chats/:id/read, then my unread count of that chat shows 0. Failures are only logged. */
export function useMarkChatRead(): (chat: Chat) => Promise<void> {
  const queryClient = useQueryClient();
  const me = useMe();
  const myId = me?.id;
  return useCallback(
    async (chat: Chat) => {
      if (myId === undefined) return;
      try {
        await markChatRead(chat.id, myId);
        queryClient.setQueryData<ChatPages>(chatKeys.list(), (data) =>
          updateChatInList(data, chat.id, (c) => withMyUnreadsCleared(c, myId)),
        );
        queryClient.setQueryData<Chat>(chatKeys.chat(chat.uuid), (c) => (c ? withMyUnreadsCleared(c, myId) : c));
      } catch (err) {
        reportChatError('mark read', err);
      }
    },
    [queryClient, myId],
  );
}
