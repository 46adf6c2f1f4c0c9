import { z } from 'zod';
import { int, pageNumber, text } from './primitives.js';
import { V } from './messages.js';

/** outreach-config.md Announcements: 1 Alta, 2 Media, 3 Baixa. */
export const AnnouncementPriorities = [1, 2, 3] as const;
export const ANNOUNCEMENT_DEFAULT_PRIORITY = 3;
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** The attachment: an image of these types only. */
export const ANNOUNCEMENT_MEDIA_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

export const announcementInputSchema = z.object({
  title: text(200, { trim: true }).min(1, V.required),
  text: text(5000, { trim: true }).min(1, V.required),
  priority: int(1, 3).default(ANNOUNCEMENT_DEFAULT_PRIORITY),
  status: z.boolean().default(true),
});
export const announcementUpdateSchema = z.object({
  title: text(200, { trim: true }).min(1, V.required),
  text: text(5000, { trim: true }).min(1, V.required),
  priority: int(1, 3),
  status: z.boolean(),
}).partial();

export const announcementListQuery = z.object({ searchParam: text(200, { trim: true }).optional(), pageNumber });

export interface Announcement {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** company-{id}-announcement: create, update (with the record) or delete (with its id). */
export const announcementEvent = (companyId: number) => `company-${companyId}-announcement`;
export type AnnouncementEventPayload = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };
