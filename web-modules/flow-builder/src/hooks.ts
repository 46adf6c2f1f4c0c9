import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyToPagedLists, usePagedList } from '@guiche/web-sdk';
import type { FlowSummary } from '@guiche/contracts';
import { createFlow, deleteFlow, duplicateFlow, fetchFlows, importFlow } from './api';

export const flowKeys = { lists: () => ['flowBuilder', 'list'] as const, list: (search: string) => ['flowBuilder', 'list', { search: search.trim() }] as const, flow: (id: number) => ['flowBuilder', 'flow', id] as const };

export function useFlows(search: string) {
  return usePagedList<FlowSummary>(flowKeys.list(search), () => fetchFlows(search));
}

export function useFlowMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
  return {
    create: useMutation({ mutationFn: (name: string) => createFlow(name), onSuccess: refresh }),
    duplicate: useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => duplicateFlow(id, name), onSuccess: refresh }),
    importFlow: useMutation({ mutationFn: (body: unknown) => importFlow(body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => deleteFlow(id), onSuccess: (_d, id) => applyToPagedLists<FlowSummary>(queryClient, flowKeys.lists(), { removedId: id }) }),
  };
}
