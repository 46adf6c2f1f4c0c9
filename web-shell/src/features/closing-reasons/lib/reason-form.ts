import { z } from 'zod';
import { DEFAULT_CLOSING_REASON_COLOR, type ClosingReason } from '@guiche/contracts';
import { isHexColor } from '@guiche/web-sdk';

/** Messages are keys of the closingReasons namespace. */
const V = {
  required: 'closingReasons:validation.required',
  tooLong: 'closingReasons:validation.tooLong',
  color: 'closingReasons:validation.color',
} as const;

export const reasonFormSchema = z.object({
  name: z.string().trim().min(1, V.required).max(80, V.tooLong),
  color: z.string().refine(isHexColor, V.color),
  active: z.boolean(),
});

export type ReasonFormValues = z.infer<typeof reasonFormSchema>;

export function reasonFormValues(reason: ClosingReason | undefined): ReasonFormValues {
  return reason ? { name: reason.name, color: reason.color, active: reason.active } : { name: '', color: DEFAULT_CLOSING_REASON_COLOR, active: true };
}
