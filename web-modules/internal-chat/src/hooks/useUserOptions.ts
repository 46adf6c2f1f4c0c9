import { useQuery } from '@tanstack/react-query';
import { fetchUserOptions } from '../api/chats-api';
import { chatKeys } from '../api/query-keys';

/** Users of my company (GET /users/list) who can join a chat: everyone but me. */
export function useUserOptions(myUserId: number | undefined, enabled: boolean) {
  const query = useQuery({
    queryKey: chatKeys.users(),
    queryFn: fetchUserOptions,
    enabled,
    meta: { silent: true },
  });
  const users = (query.data ?? []).filter((user) => user.id !== myUserId);
  return { ...query, users };
}
