import { z } from 'zod';
import { SLA_MAX_MINUTES, type SlaTarget } from '@guiche/contracts';
import type { SlaTargetFormInput } from '../api/sla-api.js';

/** Messages are keys of the sla namespace. */
const V = {
  queue: 'sla:validation.queue',
  minutes: 'sla:validation.minutes',
  oneTarget: 'sla:validation.oneTarget',
} as const;

const minutes = z.string().trim().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= SLA_MAX_MINUTES), V.minutes);

/** The dialog's fields as typed (selects and inputs hold strings; '' = none). */
export const targetFormSchema = z
  .object({
    queueId: z.string().min(1, V.queue),
    whatsappId: z.string(),
    firstResponseMinutes: minutes,
    resolutionMinutes: minutes,
  })
  .refine((v) => v.firstResponseMinutes.trim() !== '' || v.resolutionMinutes.trim() !== '', { message: V.oneTarget, path: ['firstResponseMinutes'] });

export type TargetFormValues = z.infer<typeof targetFormSchema>;

export function targetFormValues(target: SlaTarget | undefined): TargetFormValues {
  if (!target) return { queueId: '', whatsappId: '', firstResponseMinutes: '', resolutionMinutes: '' };
  return {
    queueId: String(target.queueId),
    whatsappId: target.whatsappId ? String(target.whatsappId) : '',
    firstResponseMinutes: target.firstResponseMinutes ? String(target.firstResponseMinutes) : '',
    resolutionMinutes: target.resolutionMinutes ? String(target.resolutionMinutes) : '',
  };
}

export function targetInput(values: TargetFormValues): SlaTargetFormInput {
  const number = (v: string) => (v.trim() === '' ? null : Number(v));
  return {
    queueId: Number(values.queueId),
    whatsappId: number(values.whatsappId),
    firstResponseMinutes: number(values.firstResponseMinutes),
    resolutionMinutes: number(values.resolutionMinutes),
  };
}
