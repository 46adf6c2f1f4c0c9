import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, queueEvent } from '@guiche/contracts';
import { applyToPagedLists, searchFinds, usePagedList, useSession, useSocketEvent } from '@guiche/web-sdk';
import { createUser, deleteUser, fetchConnectionOptions, fetchQueueOptions, fetchUser, fetchUsers, updateUser, uploadProfileImage } from '../api/users-api.js';
import { userKeys } from '../api/query-keys.js';
import type { CompanyUser, UserEvent } from '../lib/user-types.js';

/** The users of the current search, 20 per page by name. */
export function useUsers(search: string) {
  return usePagedList(userKeys.list(search), (pageNumber) => fetchUsers(search, pageNumber));
}

/** One user, fresh from the server (the dialog edits what GET /users/{id} answers). */
export function useUser(id: number | null) {
  return useQuery({ queryKey: userKeys.detail(id ?? 0), queryFn: () => fetchUser(id!), enabled: id !== null, staleTime: 0 });
}

export function useQueueOptions(enabled: boolean) {
  return useQuery({ queryKey: userKeys.queueOptions(), queryFn: fetchQueueOptions, enabled, staleTime: 30_000 });
}

export function useConnectionOptions(enabled: boolean) {
  return useQuery({ queryKey: userKeys.connectionOptions(), queryFn: fetchConnectionOptions, enabled, staleTime: 30_000 });
}

/** Applies one company-{id}-user event to every cached users list and to the user's detail. */
export function applyUserEvent(queryClient: ReturnType<typeof useQueryClient>, event: UserEvent): void {
  applyToPagedLists<CompanyUser>(queryClient, userKeys.lists(), event.action === 'delete' ? { removedId: event.userId } : { record: event.user, matches: searchFinds(event.user.name, event.user.email) });
  if (event.action === 'delete') queryClient.removeQueries({ queryKey: userKeys.detail(event.userId) });
  else queryClient.setQueryData<CompanyUser>(userKeys.detail(event.user.id), (old) => (old ? { ...old, ...event.user } : old));
}

/** company-{id}-user: users created, changed (status, picture, queues) or deleted anywhere show at once. */
export function useUserEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<UserEvent>(user ? Events.user(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object' || !('action' in event)) return;
    if (event.action !== 'delete' && !event.user) return;
    applyUserEvent(queryClient, event);
  });
}

/** company-{id}-queue: the dialog's queue choices follow queue changes. */
export function useQueueOptionEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? queueEvent(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.queueOptions() });
  });
}

export function useUserMutations() {
  const queryClient = useQueryClient();
  const settle = (user: CompanyUser, action: 'create' | 'update') => applyUserEvent(queryClient, { action, user });
  return {
    save: useMutation({
      mutationFn: async ({ id, payload, image }: { id: number | null; payload: Record<string, unknown>; image: File | null }) => {
        let user = id === null ? await createUser(payload) : await updateUser(id, payload);
        // The record is saved either way; a refused picture is reported on its own.
        let imageError: unknown = null;
        if (image) {
          try {
            user = { ...user, profileImage: await uploadProfileImage(user.id, image) };
          } catch (err) {
            imageError = err;
          }
        }
        return { user, created: id === null, imageError };
      },
      onSuccess: ({ user, created }) => settle(user, created ? 'create' : 'update'),
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteUser(id),
      onSuccess: (_data, id) => applyUserEvent(queryClient, { action: 'delete', userId: id }),
    }),
  };
}
