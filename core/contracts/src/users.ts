import { z } from 'zod';
import { id, ids, pageNumber, text } from './primitives.js';
import { V } from './messages.js';

const time = z.string().max(8, V.time).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, V.time);

/** Fields of the user dialog (account-admin.md §2, §5), without defaults. */
const userFields = {
  name: text(50, { trim: true }).min(2, V.tooShort),
  email: text(120, { trim: true }).email(V.invalidEmail),
  password: text(50).min(5, V.tooShort),
  profile: z.enum(['admin', 'user']),
  queueIds: ids(),
  startWork: time,
  endWork: time,
  farewellMessage: text(5000).nullable(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  whatsappId: id.nullable(),
  showDashboard: z.boolean(),
  allowRealTime: z.boolean(),
  allowConnections: z.boolean(),
  language: z.enum(['pt', 'en', 'es', 'tr']).nullable(),
};

/** POST /users: the spec's defaults for a new user. */
export const userInputSchema = z.object({
  ...userFields,
  password: userFields.password,
  profile: userFields.profile.default('user'),
  queueIds: userFields.queueIds.default([]),
  startWork: userFields.startWork.default('00:00'),
  endWork: userFields.endWork.default('23:59'),
  farewellMessage: userFields.farewellMessage.optional(),
  allTicket: userFields.allTicket.default('disable'),
  allowGroup: userFields.allowGroup.default(false),
  defaultTheme: userFields.defaultTheme.default('light'),
  defaultMenu: userFields.defaultMenu.default('open'),
  whatsappId: userFields.whatsappId.optional(),
  showDashboard: userFields.showDashboard.default(false),
  allowRealTime: userFields.allowRealTime.default(false),
  allowConnections: userFields.allowConnections.default(false),
  language: userFields.language.optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

/** PUT /users/{id}: only what is sent changes (the language menu sends only language). */
export const userUpdateSchema = z
  .object({ ...userFields, password: userFields.password.or(z.literal('')) })
  .partial();

export const Languages = ['pt', 'en', 'es', 'tr'] as const;
export type Language = (typeof Languages)[number];

/** GET /users: 20 per page, ordered by name. companyId is accepted for old clients and ignored. */
export const USERS_PAGE_SIZE = 20;
export const userListQuerySchema = z.object({
  searchParam: text(200, { trim: true }).optional(),
  pageNumber,
  companyId: id.optional(),
});

/** POST /users/{id}/media-upload: the profile image (account-admin.md §2 user dialog). */
export const USER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UV = {
  imageRequired: 'validation.imageRequired',
} as const;
