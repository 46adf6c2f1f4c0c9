import { publicUrl } from '@guiche/web-sdk';
import { z } from 'zod';
import { V } from '@guiche/contracts';
import type { CompanyUser } from './user-types.js';

/**
 * The user dialog's form (account-admin.md §2 User dialog, §5, §9). Pure: unit-tested in
 * web-shell/test/users-form.test.ts. Messages are i18n keys ('Too Short!', 'Too Long!',
 * 'Required', 'Invalid email'), translated by zodFormikValidate.
 */
export type UserFormValues = Pick<
  CompanyUser,
  'name' | 'email' | 'profile' | 'startWork' | 'endWork' | 'allTicket' | 'allowGroup' | 'defaultTheme' | 'defaultMenu' | 'whatsappId' | 'showDashboard' | 'allowRealTime' | 'allowConnections'
> & {
  /** Blank on edit keeps the current one. */
  password: string;
  queueIds: number[];
  /** Blank is sent as null. */
  farewellMessage: string;
};

/** Work-hour inputs move in 10-minute steps (account-admin.md §2: step 600 s). */
export const WORK_TIME_STEP_SECONDS = 600;

/** Fields only an admin sees and changes (account-admin.md §2, §6; the server refuses them from anyone else). */
export const ADMIN_ONLY_FIELDS = [
  'profile',
  'queueIds',
  'whatsappId',
  'startWork',
  'endWork',
  'allTicket',
  'allowGroup',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const satisfies readonly (keyof UserFormValues)[];

/** account-admin.md §9: profile user, allTicket disable, allowGroup false, theme light, menu open, 00:00–23:59. */
export const USER_DEFAULTS: UserFormValues = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  queueIds: [],
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  whatsappId: null,
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
};

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, V.time);

/** The password is required on creation and optional on edit (blank keeps the current one). */
export function userFormSchema(isNew: boolean) {
  const password = z.string().max(50, V.tooLong);
  return z.object({
    name: z.string().trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
    email: z.string().trim().min(1, V.required).email(V.invalidEmail).max(120, V.tooLong),
    password: isNew
      ? password.min(1, V.required).min(5, V.tooShort)
      : password.refine((p) => p === '' || p.length >= 5, V.tooShort),
    startWork: time,
    endWork: time,
    farewellMessage: z.string().max(5000, V.tooLong),
  });
}

/** HH:MM:SS from the database shows as HH:MM in the time inputs. */
const hhmm = (value: string | null | undefined, fallback: string) => (value ? value.slice(0, 5) : fallback);

export function userFormValues(user: CompanyUser | undefined): UserFormValues {
  if (!user) return { ...USER_DEFAULTS, queueIds: [] };
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    queueIds: user.queues.map((q) => q.id),
    startWork: hhmm(user.startWork, USER_DEFAULTS.startWork),
    endWork: hhmm(user.endWork, USER_DEFAULTS.endWork),
    farewellMessage: user.farewellMessage ?? '',
    allTicket: user.allTicket,
    allowGroup: user.allowGroup,
    defaultTheme: user.defaultTheme,
    defaultMenu: user.defaultMenu,
    whatsappId: user.whatsappId,
    showDashboard: user.showDashboard,
    allowRealTime: user.allowRealTime,
    allowConnections: user.allowConnections,
  };
}

/**
 * What POST /users or PUT /users/{id} receives: trimmed texts, a blank farewell as null, the
 * password only when typed, and the admin-only fields only when the editor is an admin.
 */
export function userPayload(values: UserFormValues, { isNew, admin }: { isNew: boolean; admin: boolean }): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    name: values.name.trim(),
    email: values.email.trim(),
    farewellMessage: values.farewellMessage.trim() ? values.farewellMessage : null,
    defaultTheme: values.defaultTheme,
    defaultMenu: values.defaultMenu,
  };
  if (isNew || values.password !== '') payload.password = values.password;
  if (admin) for (const field of ADMIN_ONLY_FIELDS) payload[field] = values[field];
  return payload;
}

/** Where a user's stored picture is served (the API gives the storage path). */
export const profileImageUrl = publicUrl;
