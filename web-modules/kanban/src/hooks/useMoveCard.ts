import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@guiche/contracts';
import { toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { DEFAULT_LANE, moveCard, type KanbanTicket } from '../api/kanban-api';
import { kanbanKeys } from '../api/query-keys';
import { NS } from '../i18n/register';
import { withoutTicket, withTicket, type LaneData } from '../lib/lanes';

interface Move {
  ticket: KanbanTicket;
  to: number;
  toName: string;
}

/**
 * Drops a card in another lane: the card moves at once, the server moves its tag in one atomic
 * request, and a failure puts every lane back as it was (the card where it was).
 */
export function useMoveCard(lanes: Tag[]) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const laneIds = new Set(lanes.map((l) => l.id));
  return useMutation({
    mutationFn: ({ ticket, to }: Move) => moveCard(ticket.id, to === DEFAULT_LANE ? null : to),
    onMutate: async ({ ticket, to }: Move) => {
      await queryClient.cancelQueries({ queryKey: kanbanKeys.cards() });
      const snapshot = queryClient.getQueriesData<LaneData>({ queryKey: kanbanKeys.cards() });
      const lane = lanes.find((l) => l.id === to);
      const moved: KanbanTicket = {
        ...ticket,
        tags: [...ticket.tags.filter((tag) => !laneIds.has(tag.id)), ...(lane ? [{ id: lane.id, name: lane.name, color: lane.color }] : [])],
      };
      for (const [key, data] of snapshot) {
        if (!data) continue;
        queryClient.setQueryData<LaneData>(key, key[2] === to ? withTicket(data, moved) : withoutTicket(data, ticket.id));
      }
      return { snapshot };
    },
    onError: (error, _move, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toastError(error);
    },
    onSuccess: (_data, { toName }) => toastSuccess(t('moved', { lane: toName })),
  });
}
