import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@guiche/contracts';
import { sendMediaMessage, sendTextMessage } from '../api/chats-api';
import { addStoredMessage } from '../lib/stored-message';

export type Outgoing = { kind: 'text'; message: string } | { kind: 'media'; file: File };

/** POST /chats/:id/messages as JSON (text) or multipart (`medias`); the answer joins the pages. */
export function useSendMessage(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outgoing: Outgoing): Promise<ChatMessage> =>
      outgoing.kind === 'text' ? sendTextMessage(chatId, outgoing.message) : sendMediaMessage(chatId, outgoing.file),
    // The answer joins the pages even when their first load is still on its way (a chat just created).
    onSuccess: (message) => addStoredMessage(queryClient, chatId, message),
    meta: { silent: true },
  });
}
