import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, queueEvent, type Queue } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { createQueue, deleteQueue, fetchQueues, fetchUserOptions, updateQueue } from '../api/queues-api.js';
import { queueKeys } from '../api/query-keys.js';
import { applyQueueEvent, type QueueEvent } from '../lib/queue-form.js';

export function useQueues() {
  return useQuery({ queryKey: queueKeys.list(), queryFn: fetchQueues });
}

export function useUserOptions(enabled: boolean) {
  return useQuery({ queryKey: queueKeys.userOptions(), queryFn: fetchUserOptions, enabled, staleTime: 30_000 });
}

/** company-{id}-queue keeps the list live; company-{id}-user keeps the dialog's user choices fresh. */
export function useQueueEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<QueueEvent>(user ? queueEvent(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object' || !('action' in event)) return;
    if (event.action !== 'delete' && !event.queue) return;
    queryClient.setQueryData<Queue[]>(queueKeys.list(), (list) => applyQueueEvent(list, event));
    // A change of a queue's chatbot options (made in another dialog) shows in an open tree too.
    if (event.action !== 'delete') {
      if (Array.isArray(event.queue.chatbots)) queryClient.setQueryData(queueKeys.detail(event.queue.id), event.queue);
      else void queryClient.invalidateQueries({ queryKey: queueKeys.detail(event.queue.id) });
      void queryClient.invalidateQueries({ queryKey: ['queues', 'chatbot'] });
    }
  });
  useSocketEvent(user ? Events.user(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.userOptions() });
  });
}

export function useQueueMutations() {
  const queryClient = useQueryClient();
  const settle = (queue: Queue, action: 'create' | 'update') => queryClient.setQueryData<Queue[]>(queueKeys.list(), (list) => applyQueueEvent(list, { action, queue }));
  return {
    save: useMutation({
      mutationFn: ({ id, payload }: { id: number | null; payload: Record<string, unknown> }) => (id === null ? createQueue(payload) : updateQueue(id, payload)),
      onSuccess: (queue, { id }) => settle(queue, id === null ? 'create' : 'update'),
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteQueue(id),
      onSuccess: (_data, id) => queryClient.setQueryData<Queue[]>(queueKeys.list(), (list) => applyQueueEvent(list, { action: 'delete', queueId: id })),
    }),
  };
}
