import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { createSlaTarget, deleteSlaTarget, fetchSlaTargets, slaKeys, updateSlaTarget, type SlaTargetFormInput } from '../api/sla-api.js';

/** The company's SLA targets, refreshed when company-{id}-slaTarget says one changed anywhere. */
export function useSlaTargets() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? Events.slaTarget(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: slaKeys.targets });
  });
  return useQuery({ queryKey: slaKeys.targets, queryFn: fetchSlaTargets });
}

export function useSlaTargetMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: slaKeys.targets });
  return {
    create: useMutation({ mutationFn: (input: SlaTargetFormInput) => createSlaTarget(input), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, input }: { id: number; input: SlaTargetFormInput }) => updateSlaTarget(id, input), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => deleteSlaTarget(id), onSuccess: refresh }),
  };
}
