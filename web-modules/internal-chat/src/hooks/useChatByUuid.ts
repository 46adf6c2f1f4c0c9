import { useQuery } from '@tanstack/react-query';
import type { Chat } from '@guiche/contracts';
import { fetchChat } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';

/**
 * The chat named in the URL. Taken from the loaded list when it is there; fetched by uuid
 * otherwise (a link to a chat that is not on the first page).
 */
export function useChatByUuid(uuid: string | undefined, chats: readonly Chat[], listReady: boolean) {
  const fromList = uuid ? chats.find((chat) => chat.uuid === uuid) : undefined;
  const query = useQuery({
    queryKey: chatKeys.chat(uuid ?? ''),
    queryFn: () => fetchChat(uuid ?? ''),
    enabled: !!uuid && listReady && !fromList,
    retry: false,
    meta: { silent: true },
  });
  return {
    chat: fromList ?? (uuid ? query.data : undefined),
    isLoading: !!uuid && !fromList && (!listReady || query.isLoading),
    notFound: !!uuid && !fromList && query.isError,
  };
}
