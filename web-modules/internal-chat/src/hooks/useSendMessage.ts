import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@guiche/contracts';
import { sendMediaMessage, sendTextMessage } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';
import { appendMessage, type MessagePages } from '../lib/chat-cache';

export type Outgoing = { kind: 'text'; message: string } | { kind: 'media'; file: File };

/** POST /chats/:id/messages as JSON (text) or multipart (`medias`); the answer joins the page. */
export function useSendMessage(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outgoing: Outgoing): Promise<ChatMessage> =>
      outgoing.kind === 'text' ? sendTextMessage(chatId, outgoing.message) : sendMediaMessage(chatId, outgoing.file),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) => appendMessage(data, message));
    },
    meta: { silent: true },
  });
}
