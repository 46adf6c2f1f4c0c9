import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Events, type Tag } from '@guiche/contracts';
import { applyToPagedLists, replaceInPagedLists, searchFinds, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import { createTag, deleteTag, fetchTags, updateTag, type TagFormInput } from '../api/tags-api.js';
import { tagKeys } from '../api/query-keys.js';

export function useTags(search: string) {
  return usePagedList(tagKeys.list(search), (pageNumber) => fetchTags(search, pageNumber));
}

type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };

/** company-{id}-tag: tags created, changed or deleted anywhere show at once. */
export function useTagEvents(): void {
  usePagedListEvents<TagEvent, Tag>({
    eventOf: Events.tag,
    listsKey: tagKeys.lists(),
    changeOf: (event) => (event.action === 'delete' ? { removedId: event.tagId } : { record: event.tag, matches: searchFinds(event.tag.name) }),
  });
}

export function useTagMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tagKeys.lists() });
  return {
    create: useMutation({ mutationFn: (input: TagFormInput) => createTag(input), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: TagFormInput }) => updateTag(id, input),
      onSuccess: (tag) => replaceInPagedLists(queryClient, tagKeys.lists(), tag),
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteTag(id),
      onSuccess: (_data, id) => applyToPagedLists<Tag>(queryClient, tagKeys.lists(), { removedId: id }),
    }),
  };
}
