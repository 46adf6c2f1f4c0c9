import { z } from 'zod';
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
  });
export type PlantaoInput = z.infer<typeof plantaoInputSchema>;

export interface Plantao {
  id: number;
  userId: number;
  user: { id: number; name: string };
  phone: string;
  interval: number;
  days: PlantaoDay[];
  createdAt: string;
  updatedAt: string;
}

export const PlantaoEvents = {
  /** company-{id}-plantao { action: 'create' | 'update', record } | { action: 'delete', id }, to the company's admins. */
  plantao: (companyId: number) => `company-${companyId}-plantao`,
} as const;
