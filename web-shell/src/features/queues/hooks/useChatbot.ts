import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createChatbot, deleteChatbot, fetchChatbot, fetchIntegrationOptions, fetchPromptOptions, fetchQueue, updateChatbot } from '../api/chatbot-api.js';
import { queueKeys } from '../api/query-keys.js';
import type { ChatbotParent } from '../lib/chatbot.js';

export function useQueueDetail(id: number | undefined) {
  return useQuery({ queryKey: queueKeys.detail(id ?? 0), queryFn: () => fetchQueue(id ?? 0), enabled: !!id });
}

/** One option with its inner options (loaded when the option is opened). */
export function useChatbotNode(id: number, enabled: boolean) {
  return useQuery({ queryKey: queueKeys.chatbot(id), queryFn: () => fetchChatbot(id), enabled });
}

export function useIntegrationOptions(enabled: boolean) {
  return useQuery({ queryKey: queueKeys.integrationOptions(), queryFn: fetchIntegrationOptions, enabled, staleTime: 30_000 });
}

export function usePromptOptions(enabled: boolean) {
  return useQuery({ queryKey: queueKeys.promptOptions(), queryFn: fetchPromptOptions, enabled, staleTime: 30_000 });
}

/** The query that lists a level's options: the queue (top level) or the parent option. */
export function parentKey(parent: ChatbotParent) {
  return 'queueId' in parent ? queueKeys.detail(parent.queueId) : queueKeys.chatbot(parent.parentId);
}

export function useChatbotMutations(parent: ChatbotParent) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: parentKey(parent) });
  return {
    save: useMutation({
      mutationFn: ({ id, payload }: { id: number | null; payload: Record<string, unknown> }) => (id === null ? createChatbot(payload) : updateChatbot(id, payload)),
      onSuccess: async (option) => {
        await refresh();
        await queryClient.invalidateQueries({ queryKey: queueKeys.chatbot(option.id) });
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteChatbot(id),
      onSuccess: async (_data, id) => {
        queryClient.removeQueries({ queryKey: queueKeys.chatbot(id) });
        await refresh();
      },
    }),
  };
}
