import { z } from 'zod';
import { SCHEDULE_REPEATS, templateExtrasFields, text } from '@guiche/contracts';

/**
 * Validation keys of the schedule dialog (outreach-config.md §5: body ≥ 5 'Mensagem muito curta',
 * contact and sendAt 'Obrigatório'), in the web module's namespace, which holds those texts.
 */
export const ScheduleV = {
  required: 'schedules:validation.required',
  tooShort: 'schedules:validation.tooShort',
  tooLong: 'schedules:validation.tooLong',
  /** The repeat ends before the first sending. */
  repeatEnd: 'schedules:validation.repeatEnd',
} as const;

export const SCHEDULES_PAGE_SIZE = 20;

const id = z.coerce.number({ error: ScheduleV.required }).int().positive().max(2147483647);
const instant = z.coerce.date({ error: ScheduleV.required });

/** POST /schedules and PUT /schedules/{id} (the web sends the whole form). */
export const scheduleInputSchema = z
  .object({
    // Free text needs 5 characters at least; a template's text is taken from the stored template.
    body: text(4096, { trim: true, error: ScheduleV.required, tooLong: ScheduleV.tooLong }).default(''),
    contactId: id,
    sendAt: instant,
    whatsappId: z.union([z.null(), z.literal(''), z.coerce.number().int().positive().max(2147483647)]).optional().transform((v) => (v ? v : null)),
    repeat: z.enum(SCHEDULE_REPEATS).default('none'),
    repeatUntil: z.union([z.null(), z.literal(''), instant]).optional().transform((v) => (v ? v : null)),
    /** PUT only: 'CANCELADA' stops a schedule; 'PENDENTE' arms it again. */
    status: z.enum(['PENDENTE', 'CANCELADA']).optional(),
    companyId: z.unknown().optional(),
    /** WhatsApp Cloud API connections: an approved template (its variables' values in order) instead of the body. */
    template: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z
        .object({
          name: text(512, { trim: true, error: ScheduleV.required }).min(1, ScheduleV.required),
          language: text(20, { trim: true, error: ScheduleV.required }).min(2, ScheduleV.required),
          variables: z.array(text(1024, { tooLong: ScheduleV.tooLong })).max(20, ScheduleV.tooLong).default([]),
          /** Where the template has them: the header's text variable, its file's address, the URL buttons' suffixes. */
          ...templateExtrasFields,
        })
        .nullable(),
    ),
  })
  // Runs even when other fields failed, so the dialog shows every field's message at once.
  .superRefine(
    (parsed, ctx) => {
      // With `when`, this runs on whatever arrived: a broken multipart form gives no object at all.
      const value = parsed as Partial<typeof parsed> | null | undefined;
      if (!value || typeof value !== 'object') return;
      const body = typeof value.body === 'string' ? value.body.trim() : null;
      if (value.template || body === null) return;
      if (!body) ctx.addIssue({ code: 'custom', path: ['body'], message: ScheduleV.required });
      else if (body.length < 5) ctx.addIssue({ code: 'custom', path: ['body'], message: ScheduleV.tooShort });
    },
    { when: () => true },
  )
  .superRefine((value, ctx) => {
    if (value.repeat !== 'none' && !value.repeatUntil) ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: ScheduleV.required });
    if (value.repeatUntil && value.repeatUntil.getTime() < value.sendAt.getTime()) ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: ScheduleV.repeatEnd });
  });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

export const schedulesQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  contactId: z.coerce.number().int().positive().max(2147483647).optional(),
});

export const scheduleParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
