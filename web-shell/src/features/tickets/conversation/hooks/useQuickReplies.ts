import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesApiEvents } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { conversationKeys, fetchQuickReplies } from '../api.js';

/**
 * The quick replies '/' offers, loaded when first asked for and kept until a quick message of the
 * company changes (the event reaches only those who may use it), so a new one shows at once.
 */
export function useQuickReplies(enabled: boolean) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? MessagesApiEvents.quickMessage(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.quickReplies });
  });
  return useQuery({ queryKey: conversationKeys.quickReplies, queryFn: fetchQuickReplies, enabled, staleTime: Infinity });
}
