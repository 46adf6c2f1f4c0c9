// No zod here: the web's first screen reads these without loading the schemas (announcements.ts, issue #28).

/** outreach-config.md Announcements: 1 Alta, 2 Media, 3 Baixa. */
export const AnnouncementPriorities = [1, 2, 3] as const;
export const ANNOUNCEMENT_DEFAULT_PRIORITY = 3;
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** The attachment: an image of these types only. */
export const ANNOUNCEMENT_MEDIA_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** company-{id}-announcement: create, update (with the record) or delete (with its id). */
export const announcementEvent = (companyId: number) => `company-${companyId}-announcement`;
