import { z } from 'zod';
import { V } from './messages.js';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, V.time);

/** Fields of the user dialog (account-admin.md §2, §5). */
export const userInputSchema = z.object({
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  email: z.string({ error: V.required }).trim().email(V.invalidEmail).max(120),
  password: z.string().min(5, V.tooShort).max(50, V.tooLong).optional(),
  profile: z.enum(['admin', 'user']).default('user'),
  queueIds: z.array(z.number().int().positive()).default([]),
  startWork: time.default('00:00'),
  endWork: time.default('23:59'),
  farewellMessage: z.string().max(5000).nullable().optional(),
  allTicket: z.enum(['enable', 'disable']).default('disable'),
  allowGroup: z.boolean().default(false),
  defaultTheme: z.enum(['light', 'dark']).default('light'),
  defaultMenu: z.enum(['open', 'closed']).default('open'),
  whatsappId: z.number().int().positive().nullable().optional(),
  showDashboard: z.boolean().default(false),
  allowRealTime: z.boolean().default(false),
  allowConnections: z.boolean().default(false),
  language: z.enum(['pt', 'en', 'es', 'tr']).nullable().optional(),
});
export type UserInput = z.infer<typeof userInputSchema>;

/** PUT /users/{id}: every field optional (the language menu sends only language). */
export const userUpdateSchema = userInputSchema
  .extend({ password: z.string().min(5, V.tooShort).max(50, V.tooLong).optional().or(z.literal('')) })
  .partial();

export const Languages = ['pt', 'en', 'es', 'tr'] as const;
export type Language = (typeof Languages)[number];
