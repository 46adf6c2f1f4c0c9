import type { Announcement } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

export const announcementKeys = {
  all: ['announcements'] as const,
  lists: () => ['announcements', 'list'] as const,
  list: (search: string) => ['announcements', 'list', { search: search.trim() }] as const,
  active: () => ['announcements', 'active'] as const,
};

/** GET /announcements/ (searchParam, pageNumber): a super user gets all, anyone else the active ones. */
export async function fetchAnnouncements(search: string, pageNumber: number): Promise<Page<Announcement>> {
  const { data } = await api.get<{ records: Announcement[]; hasMore: boolean; count: number }>('/announcements/', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.records, hasMore: data.hasMore, count: data.count };
}

export async function saveAnnouncement(id: number | null, payload: { title: string; text: string; priority: number; status: boolean }): Promise<Announcement> {
  const { data } = id === null ? await api.post<Announcement>('/announcements', payload) : await api.put<Announcement>(`/announcements/${id}`, payload);
  return data;
}

export async function deleteAnnouncement(id: number): Promise<void> {
  await api.delete(`/announcements/${id}`);
}

export async function uploadAnnouncementMedia(id: number, file: File): Promise<Announcement> {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', file, file.name);
  const { data } = await api.post<Announcement>(`/announcements/${id}/media-upload`, form);
  return data;
}

export async function deleteAnnouncementMedia(id: number): Promise<Announcement> {
  const { data } = await api.delete<Announcement>(`/announcements/${id}/media-upload`);
  return data;
}
