import { z } from 'zod';
import { dateTime, id, int, pageNumber, PG_INT_MAX, templateExtrasFields, text, V } from '@guiche/contracts';

/** outreach-config.md §4: the statuses, in their order of life. */
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const SHIPPING_STATES = ['pending', 'sending', 'sent', 'failed', 'confirmation_requested', 'confirmed'] as const;
export type ShippingState = (typeof SHIPPING_STATES)[number];
export const PAGE_SIZE = 20;
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;

/** §9: the choices of the three settings selects (seconds / messages) and their defaults. */
export const SETTING_CHOICES = {
  messageInterval: [0, 5, 10, 15, 20],
  longerIntervalAfter: [0, 5, 10, 15, 20],
  greaterInterval: [0, 20, 30, 40, 50, 60],
} as const;
export const SETTING_DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 } as const;
/** Ours (not in the spec): send only within the company's service hours; off by default. */
export const BUSINESS_HOURS_DEFAULT = false;

const name = text(50, { trim: true }).min(2, V.tooShort);
const blank = (v: unknown) => (v === '' || v === 0 || v === '0' || v === undefined ? null : v);
const optionalId = z.preprocess(blank, id.nullable()).transform((v) => v ?? null);
const message = z.preprocess((v) => (v === '' || v === undefined ? null : v), text(4096).nullable());
const messages = Object.fromEntries(MESSAGE_SLOTS.flatMap((n) => [[`message${n}`, message], [`confirmationMessage${n}`, message]])) as Record<`message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`, typeof message>;

/** "1,2" (the web sends the selected connections comma-joined), or an array of ids. */
const connections = z
  .union([text(500), z.array(id).max(50)], { error: V.required })
  .transform((v, ctx) => {
    const list = Array.isArray(v) ? v : v.split(',').map((s) => s.trim()).filter(Boolean);
    const parsed = list.map((s) => Number(s));
    if (!parsed.length) ctx.addIssue({ code: 'custom', message: V.required });
    else if (parsed.some((n) => !Number.isInteger(n) || n < 1 || n > PG_INT_MAX)) ctx.addIssue({ code: 'custom', message: 'validation.id' });
    return [...new Set(parsed)];
  });

/** A Cloud API template instead of the messages on Cloud API connections; its variables take the contact placeholders. */
export const campaignTemplateSchema = z.object({
  name: text(512, { trim: true }).min(1, V.required),
  language: text(20, { trim: true }).min(2, V.required),
  variables: z.array(text(1024)).max(20, V.tooLong).default([]),
  /** The header's text variable, file address and URL buttons' suffixes; they take the contact placeholders too. */
  ...templateExtrasFields,
});
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;

/** POST /campaigns and PUT /campaigns/{id} (§5: name 2–50, connections required; empty strings are null). */
export const campaignInputSchema = z.object({
  name,
  confirmation: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional().transform((v) => v === true || v === 'true'),
  contactListId: optionalId,
  tagListId: optionalId,
  whatsappId: connections,
  scheduledAt: z.preprocess((v) => (v === '' || v === undefined ? null : v), dateTime().nullable()).transform((v) => (v ? new Date(v) : null)),
  ...messages,
  template: z.preprocess((v) => (v === '' || v === undefined ? null : v), campaignTemplateSchema.nullable()),
  /** A flow of the flow builder started by each contact's reply (plans with useFlowBuilder). */
  flowId: optionalId,
  status: z.unknown().optional(),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

export const listQuerySchema = z.object({ searchParam: text(200).optional(), pageNumber });
export const itemsQuerySchema = z.object({ searchParam: text(200).optional(), pageNumber, contactListId: id });

export const contactListInputSchema = z.object({ name });
export const contactListItemInputSchema = z.object({
  name,
  number: text(50, { trim: true }).min(8, V.tooShort),
  email: z.preprocess((v) => (v === '' || v === undefined ? null : v), text(255, { trim: true }).pipe(z.email(V.invalidEmail)).nullable()).transform((v) => v || null),
  contactListId: id,
});
export type ContactListItemInput = z.infer<typeof contactListItemInputSchema>;

const variable = z.object({ key: text(40, { trim: true }).min(1, V.required), value: text(1000) });
/** POST /campaign-settings: { settings: { messageInterval, longerIntervalAfter, greaterInterval, variables } }. */
export const settingsInputSchema = z.object({
  settings: z.object({
    messageInterval: int(0, 3600).optional(),
    longerIntervalAfter: int(0, 100000).optional(),
    greaterInterval: int(0, 3600).optional(),
    variables: z.array(variable).max(200).optional(),
    businessHoursOnly: z.boolean().optional(),
  }),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>['settings'];

const clock = z.union([z.null(), z.string().max(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.time)]);
/** PUT /campaign-guards/:whatsappId: the connection's ban guardrails (null = the documented default / any time). */
export const guardInputSchema = z
  .object({
    dailyCap: int(1, 100000).nullable().optional(),
    warmupStart: int(1, 100000).nullable().optional(),
    warmupDays: int(0, 365).nullable().optional(),
    sendingFrom: clock.optional(),
    sendingTo: clock.optional(),
    failureThreshold: int(1, 10000).nullable().optional(),
    failureWindowMinutes: int(1, 10080).nullable().optional(),
  })
  .refine((g) => (g.sendingFrom ?? null) === null || g.sendingTo !== null, { message: V.time, path: ['sendingTo'] });
export type GuardInput = z.infer<typeof guardInputSchema>;
export const guardParamsSchema = z.object({ whatsappId: id });
