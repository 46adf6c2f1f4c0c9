import { useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementEvent } from '@guiche/contracts';
import { usePagedList, useSession, useSocketEvent } from '@guiche/web-sdk';
import { announcementKeys, fetchAnnouncements } from '../api/announcements-api.js';

export function useAnnouncements(search: string) {
  return usePagedList(announcementKeys.list(search), (pageNumber) => fetchAnnouncements(search, pageNumber));
}

/** The active announcements of the popover (first page: highest priority, then newest). */
export function useActiveAnnouncements() {
  return useQuery({ queryKey: announcementKeys.active(), queryFn: async () => (await fetchAnnouncements('', 1)).items.filter((a) => a.status) });
}

/** company-{id}-announcement: every list follows what super users publish. */
export function useAnnouncementEvents(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? announcementEvent(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
  });
}
