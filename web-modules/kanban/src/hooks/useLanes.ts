import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { fetchLanes } from '../api/kanban-api';
import { kanbanKeys } from '../api/query-keys';

/** The kanban tags (lanes), kept live from company-{id}-tag. */
export function useLanes() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? Events.tag(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.cards() });
  });
  return useQuery({ queryKey: kanbanKeys.lanes(), queryFn: fetchLanes });
}
