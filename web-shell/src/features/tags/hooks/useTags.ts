import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Events, type Tag } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { removeFromPages, upsertInPages, type Paged } from '../../contacts/shared/paged-cache.js';
import { applyToPagedLists } from '../../shared/paged-list-events.js';
import { usePagedList } from '../../shared/usePagedList.js';
import { createTag, deleteTag, fetchTags, updateTag, type TagFormInput } from '../api/tags-api.js';
import { tagKeys } from '../api/query-keys.js';

export function useTags(search: string) {
  return usePagedList(tagKeys.list(search), (pageNumber) => fetchTags(search, pageNumber));
}

type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };

/** company-{id}-tag: tags created, changed or deleted anywhere show at once. */
export function useTagEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<TagEvent>(user ? Events.tag(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    applyToPagedLists<Tag>(queryClient, tagKeys.lists(), event.action === 'delete' ? { removedId: event.tagId } : { record: event.tag, searchable: [event.tag.name] });
  });
}

export function useTagMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tagKeys.lists() });
  return {
    create: useMutation({ mutationFn: (input: TagFormInput) => createTag(input), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: TagFormInput }) => updateTag(id, input),
      onSuccess: (tag) =>
        queryClient.setQueriesData<Paged<Tag>>({ queryKey: tagKeys.lists() }, (data) =>
          data && data.pages.some((p) => p.items.some((t) => t.id === tag.id)) ? upsertInPages(data, tag, true) : data,
        ),
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteTag(id),
      onSuccess: (_data, id) => queryClient.setQueriesData<Paged<Tag>>({ queryKey: tagKeys.lists() }, (data) => removeFromPages(data, id)),
    }),
  };
}
