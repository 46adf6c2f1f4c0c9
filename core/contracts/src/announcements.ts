import { z } from 'zod';
import { int, pageNumber, text } from './primitives.js';
import { V } from './messages.js';
import { ANNOUNCEMENT_DEFAULT_PRIORITY } from './announcements-constants.js';

export * from './announcements-constants.js';

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

/** What announcementEvent carries. */
export type AnnouncementEventPayload = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };
