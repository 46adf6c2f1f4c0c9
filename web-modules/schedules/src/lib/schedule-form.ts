import { z } from 'zod';
import type { ScheduleRepeat as Repeat, Schedule, ScheduleInput } from '@guiche/contracts';
import { cloudTemplateFormValues, cloudTemplateInput, type CloudTemplateFormValues } from '@guiche/web-sdk';
import { fromLocalInput, toLocalInput } from './sao-paulo-time';

/** Schedule dialog rules (outreach-config.md §5): body ≥ 5 'Mensagem muito curta'; contact and send time 'Obrigatório'. */
const V = { required: 'schedules:validation.required', tooShort: 'schedules:validation.tooShort', tooLong: 'schedules:validation.tooLong', repeatEnd: 'schedules:validation.repeatEnd' } as const;

/** The default send time: one hour from now (outreach-config.md §9). */
export const DEFAULT_OFFSET_MS = 3_600_000;
export const BODY_PREVIEW = 25;

export const scheduleFormSchema = z
  .object({
    body: z.string().max(4096, V.tooLong),
    contactId: z.number({ error: V.required }).int().positive(V.required),
    sendAt: z.string().min(1, V.required).refine((v) => fromLocalInput(v) !== null, V.required),
    whatsappId: z.number().nullable(),
    repeat: z.enum(['none', 'daily', 'weekly', 'monthly']),
    repeatUntil: z.string(),
    templateKey: z.string(),
    templateVariables: z.array(z.string()),
  })
  // Free text needs 5 characters (a template takes none); checked even when other fields failed, so every message shows at once.
  .superRefine(
    (v, ctx) => {
      const body = typeof v.body === 'string' ? v.body.trim() : '';
      if (v.templateKey) return;
      if (!body) ctx.addIssue({ code: 'custom', path: ['body'], message: V.required });
      else if (body.length < 5) ctx.addIssue({ code: 'custom', path: ['body'], message: V.tooShort });
    },
    { when: () => true },
  )
  .superRefine((v, ctx) => {
    if (v.repeat === 'none') return;
    const until = fromLocalInput(v.repeatUntil);
    if (!until) ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: V.required });
    else if (until.getTime() < (fromLocalInput(v.sendAt)?.getTime() ?? 0)) ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: V.repeatEnd });
  });

/** templateKey: a Cloud API template as "name|language" ('' = free text). */
export interface ScheduleFormValues extends CloudTemplateFormValues {
  body: string;
  contactId: number | null;
  sendAt: string;
  whatsappId: number | null;
  repeat: Repeat;
  repeatUntil: string;
}


export function scheduleFormValues(schedule: Schedule | undefined, defaults: { contactId?: number | null; whatsappId?: number | null }, now = Date.now()): ScheduleFormValues {
  if (schedule) {
    return {
      body: schedule.body,
      contactId: schedule.contactId,
      sendAt: toLocalInput(new Date(schedule.sendAt)),
      whatsappId: schedule.whatsappId,
      repeat: schedule.repeat,
      repeatUntil: schedule.repeatUntil ? toLocalInput(new Date(schedule.repeatUntil)) : '',
      ...cloudTemplateFormValues(schedule.template),
    };
  }
  return { body: '', contactId: defaults.contactId ?? null, sendAt: toLocalInput(new Date(now + DEFAULT_OFFSET_MS)), whatsappId: defaults.whatsappId ?? null, repeat: 'none', repeatUntil: '', templateKey: '', templateVariables: [], templateExtras: {} };
}

/** `cloud`: the schedule's connection is a Cloud API one (a template goes only there). */
export function toInput(values: ScheduleFormValues, cloud = true): ScheduleInput {
  const template = cloud ? cloudTemplateInput(values) : null;
  return {
    body: template ? '' : values.body.trim(),
    template,
    contactId: values.contactId as number,
    sendAt: (fromLocalInput(values.sendAt) as Date).toISOString(),
    whatsappId: values.whatsappId,
    repeat: values.repeat,
    repeatUntil: values.repeat === 'none' ? null : (fromLocalInput(values.repeatUntil)?.toISOString() ?? null),
  };
}

export function bodyPreview(body: string): string {
  return body.length > BODY_PREVIEW ? `${body.slice(0, BODY_PREVIEW)}...` : body;
}
