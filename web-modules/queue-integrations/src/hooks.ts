import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyToPagedLists, replaceInPagedLists, searchFinds, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import type { IntegrationFields, QueueIntegration } from '@guiche/contracts';
import { deleteIntegration, fetchIntegrations, saveIntegration } from './api';

const keys = { lists: () => ['queueIntegrations', 'list'] as const, list: (search: string) => ['queueIntegrations', 'list', { search: search.trim() }] as const };

export function useIntegrations(search: string) {
  return usePagedList(keys.list(search), (pageNumber) => fetchIntegrations(search, pageNumber));
}

type IntegrationEvent = { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; integrationId: number };

/** company-{id}-queueIntegration: changes made anywhere show at once. */
export function useIntegrationEvents(): void {
  usePagedListEvents<IntegrationEvent, QueueIntegration>({
    eventOf: (companyId) => `company-${companyId}-queueIntegration`,
    listsKey: keys.lists(),
    changeOf: (event) => (event.action === 'delete' ? { removedId: event.integrationId } : { record: event.queueIntegration, matches: searchFinds(event.queueIntegration.name) }),
  });
}

export function useIntegrationMutations() {
  const queryClient = useQueryClient();
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: IntegrationFields }) => saveIntegration(id, input),
      onSuccess: ({ signingSecret: _secret, ...saved }, { id }) => (id ? replaceInPagedLists(queryClient, keys.lists(), saved) : void queryClient.invalidateQueries({ queryKey: keys.lists() })),
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteIntegration(id), onSuccess: (_d, id) => applyToPagedLists<QueueIntegration>(queryClient, keys.lists(), { removedId: id }) }),
  };
}
