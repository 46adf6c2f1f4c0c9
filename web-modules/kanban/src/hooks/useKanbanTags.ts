import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, type Tag } from '@guiche/contracts';
import { applyToPagedLists, replaceInPagedLists, searchFinds, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import { createKanbanTag, deleteKanbanTag, fetchKanbanTags, fetchTicketCounts, updateKanbanTag, type KanbanTagInput } from '../api/kanban-api';
import { kanbanKeys } from '../api/query-keys';

export function useKanbanTags(search: string) {
  return usePagedList(kanbanKeys.tagList(search), (pageNumber) => fetchKanbanTags(search, pageNumber));
}

/** Tickets per kanban tag; refreshed whenever a ticket changes (a card moved, a ticket deleted). */
export function useTicketCounts() {
  return useQuery({ queryKey: kanbanKeys.counts(), queryFn: fetchTicketCounts });
}

type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };

/** company-{id}-tag: kanban tags created, changed or deleted anywhere show at once (plain tags never join). */
export function useKanbanTagEvents(): void {
  usePagedListEvents<TagEvent, Tag>({
    eventOf: Events.tag,
    listsKey: kanbanKeys.tagLists(),
    changeOf: (event) => {
      if (event.action === 'delete') return { removedId: event.tagId };
      if (!event.tag.kanban) return { removedId: event.tag.id };
      return { record: event.tag, matches: searchFinds(event.tag.name) };
    },
  });
}

export function useKanbanTagMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.tagLists() });
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
  };
  return {
    create: useMutation({ mutationFn: (input: KanbanTagInput) => createKanbanTag(input), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: KanbanTagInput }) => updateKanbanTag(id, input),
      onSuccess: (tag) => {
        replaceInPagedLists(queryClient, kanbanKeys.tagLists(), tag);
        void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteKanbanTag(id),
      onSuccess: (_data, id) => {
        applyToPagedLists<Tag>(queryClient, kanbanKeys.tagLists(), { removedId: id });
        void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
      },
    }),
  };
}
