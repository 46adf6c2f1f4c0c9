import { useQueryClient } from '@tanstack/react-query';
import { MessagesApiEvents, type QuickMessage } from '@guiche/contracts';
import { searchFinds, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import { fetchQuickMessages } from '../api/quick-messages-api.js';
import { quickMessageKeys } from '../api/query-keys.js';

export function useQuickMessages(search: string) {
  return usePagedList(quickMessageKeys.list(search), (pageNumber) => fetchQuickMessages(search, pageNumber));
}

type QuickMessageEvent = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };

/** company-{id}-quickemessage: the server sends each change only to those who may see the record. */
export function useQuickMessageEvents(): void {
  usePagedListEvents<QuickMessageEvent, QuickMessage>({
    eventOf: MessagesApiEvents.quickMessage,
    listsKey: quickMessageKeys.lists(),
    changeOf: (event) => (event.action === 'delete' ? { removedId: event.id } : { record: event.record, matches: searchFinds(event.record.shortcode, event.record.message) }),
  });
}

/** After a save the lists refetch (the record's place depends on the server's order). */
export function useRefreshQuickMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quickMessageKeys.lists() });
}
