import { useQueryClient } from '@tanstack/react-query';
import { MessagesApiEvents, type QuickMessage } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { applyToPagedLists } from '../../shared/paged-list-events.js';
import { usePagedList } from '../../shared/usePagedList.js';
import { fetchQuickMessages } from '../api/quick-messages-api.js';
import { quickMessageKeys } from '../api/query-keys.js';

export function useQuickMessages(search: string) {
  return usePagedList(quickMessageKeys.list(search), (pageNumber) => fetchQuickMessages(search, pageNumber));
}

type QuickMessageEvent = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };

/** company-{id}-quickemessage: the server sends each change only to those who may see the record. */
export function useQuickMessageEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<QuickMessageEvent>(user ? MessagesApiEvents.quickMessage(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    applyToPagedLists<QuickMessage>(
      queryClient,
      quickMessageKeys.lists(),
      event.action === 'delete' ? { removedId: event.id } : { record: event.record, searchable: [event.record.shortcode, event.record.message] },
    );
  });
}

/** After a save the lists refetch (the record's place depends on the server's order). */
export function useRefreshQuickMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quickMessageKeys.lists() });
}
