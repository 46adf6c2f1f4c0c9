import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesApiEvents, type QuickMessage } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { flattenPages, nextPageNumber, removeFromPages, textMatches, totalCount, upsertInPages, type Paged } from '../../contacts/shared/paged-cache.js';
import { fetchQuickMessages } from '../api/quick-messages-api.js';
import { quickMessageKeys } from '../api/query-keys.js';

export function useQuickMessages(search: string) {
  const result = useInfiniteQuery({
    queryKey: quickMessageKeys.list(search),
    queryFn: ({ pageParam }) => fetchQuickMessages(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
  return { ...result, records: flattenPages(result.data), count: totalCount(result.data) };
}

type QuickMessageEvent = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };

/** company-{id}-quickemessage: the server sends each change only to those who may see the record. */
export function useQuickMessageEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<QuickMessageEvent>(user ? MessagesApiEvents.quickMessage(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    for (const [key] of queryClient.getQueriesData<Paged<QuickMessage>>({ queryKey: quickMessageKeys.lists() })) {
      const search = (key[2] as { search?: string } | undefined)?.search ?? '';
      queryClient.setQueryData<Paged<QuickMessage>>(key, (data) =>
        event.action === 'delete'
          ? removeFromPages(data, event.id)
          : upsertInPages(data, event.record, textMatches(search, event.record.shortcode, event.record.message)),
      );
    }
  });
}

/** After a save the lists refetch (the record's place depends on the server's order). */
export function useRefreshQuickMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quickMessageKeys.lists() });
}
