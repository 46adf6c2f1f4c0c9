import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import {
  closingReasonKeys, createClosingReason, deleteClosingReason, fetchClosingReasons, updateClosingReason, type ClosingReasonFormInput,
} from '../api/closing-reasons-api.js';

/**
 * The company's closing reasons (the server gives non-admins the active ones only), refreshed when
 * company-{id}-closingReason says one changed anywhere.
 */
export function useClosingReasons(enabled = true) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(enabled && user ? Events.closingReason(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: closingReasonKeys.all });
  });
  return useQuery({ queryKey: closingReasonKeys.all, queryFn: fetchClosingReasons, enabled });
}

export function useClosingReasonMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: closingReasonKeys.all });
  return {
    create: useMutation({ mutationFn: (input: ClosingReasonFormInput) => createClosingReason(input), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, input }: { id: number; input: Partial<ClosingReasonFormInput> }) => updateClosingReason(id, input), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => deleteClosingReason(id), onSuccess: refresh }),
  };
}
