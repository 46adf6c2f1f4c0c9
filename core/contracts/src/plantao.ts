import { z } from 'zod';
import { templateExtrasFields } from './cloud-template-extras.js';
import { int, PG_INT_MAX, text } from './primitives.js';
import { HH_MM, Weekdays, type WeekdayEn } from './weekdays.js';

/** On-call duty rota (outreach-config.md: On-call duty schedules, §3, §5, §9). */

export const PlantaoV = {
  user: 'validation.plantaoUser',
  phone: 'validation.plantaoPhone',
  interval: 'validation.plantaoInterval',
  start: 'validation.plantaoStart',
  end: 'validation.plantaoEnd',
  oneDay: 'validation.plantaoOneDay',
  time: 'validation.time',
  template: 'validation.metaTemplateUnknown',
} as const;

/** §9: interval default 1 (minutes). */
export const PLANTAO_DEFAULT_INTERVAL = 1;
export const PLANTAO_TIMEZONE = 'America/Sao_Paulo';

const time = text(5, { trim: true, tooLong: PlantaoV.time })
  .refine((v) => v === '' || HH_MM.test(v), PlantaoV.time)
  .default('');

export const plantaoDaySchema = z
  .object({
    weekday: text(30).default(''),
    weekdayEn: z.enum(Weekdays.map((d) => d.weekdayEn) as [WeekdayEn, ...WeekdayEn[]]),
    startTime: time,
    endTime: time,
  })
  .superRefine((day, ctx) => {
    if (day.endTime && !day.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: PlantaoV.start });
    if (day.startTime && !day.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: PlantaoV.end });
  });
export type PlantaoDay = z.infer<typeof plantaoDaySchema>;

/**
 * WhatsApp Cloud API alert connections (issue #29): the approved template an on-call page goes out as
 * when the duty phone's 24-hour window is closed. Variables may hold the alert's fields
 * (PLANTAO_TEMPLATE_FIELDS, written `{ticket}`), filled at send time.
 */
export const plantaoTemplateSchema = z.object({
  name: text(512, { trim: true, error: PlantaoV.template }).min(1, PlantaoV.template),
  language: text(20, { trim: true, error: PlantaoV.template }).min(2, PlantaoV.template),
  variables: z.array(text(1024)).max(20).default([]),
  /** Where the template has them: the header's text variable, its file's address, the URL buttons' suffixes (alert fields filled too). */
  ...templateExtrasFields,
});
export type PlantaoTemplate = z.infer<typeof plantaoTemplateSchema>;

/** The alert fields a template variable may name as `{field}`; an alert without one fills it with "-". */
export const PLANTAO_TEMPLATE_FIELDS = ['ticket', 'contact', 'number', 'queue', 'minutes', 'connection', 'target', 'deadline', 'text'] as const;
export type PlantaoTemplateField = (typeof PLANTAO_TEMPLATE_FIELDS)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const plantaoInputSchema = z
  .object({
    // An empty choice reads as 0, which the id range refuses with the field's own message.
    userId: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), int(1, PG_INT_MAX, PlantaoV.user)),
    phone: text(30, { trim: true, error: PlantaoV.phone }).min(1, PlantaoV.phone),
    interval: z.preprocess(emptyToUndefined, z.coerce.number({ error: PlantaoV.interval }).int(PlantaoV.interval).min(1, PlantaoV.interval).max(1440, PlantaoV.interval)),
    // Checked on the array itself, so the message shows together with the other fields' ones.
    days: z
      .array(plantaoDaySchema)
      .max(7)
      .superRefine((days, ctx) => {
        if (!days.some((d) => d.startTime && d.endTime)) ctx.addIssue({ code: 'custom', message: PlantaoV.oneDay });
        if (new Set(days.map((d) => d.weekdayEn)).size !== days.length) ctx.addIssue({ code: 'custom', message: 'validation.duplicated' });
      }),
    template: z.preprocess((v) => (v === '' || v === undefined ? null : v), plantaoTemplateSchema.nullable()),
    /** Issue #33: page this person when a ticket breaches its SLA (in their window); off unless asked. */
    pageSlaBreaches: z.boolean().default(false),
  });
export type PlantaoInput = z.infer<typeof plantaoInputSchema>;

export interface Plantao {
  id: number;
  userId: number;
  user: { id: number; name: string };
  phone: string;
  interval: number;
  days: PlantaoDay[];
  /** The Cloud API template of the page when the duty phone's window is closed; null when none. */
  template: PlantaoTemplate | null;
  /** Whether an SLA breach pages this person (issue #33); waiting tickets and connection alerts always do. */
  pageSlaBreaches: boolean;
  /** Why the last page to this phone was not sent (e.g. ERR_WINDOW_CLOSED), null after a sent one. */
  lastError: string | null;
  lastErrorAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PlantaoEvents = {
  /** company-{id}-plantao { action: 'create' | 'update', record } | { action: 'delete', id }, to the company's admins. */
  plantao: (companyId: number) => `company-${companyId}-plantao`,
} as const;
