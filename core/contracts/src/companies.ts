import { z } from 'zod';
import { V } from './messages.js';

export const Recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;

/** PUT /companies/{id} (super users): only what is sent changes. */
export const companyUpdateSchema = z
  .object({
    name: z.string().trim().min(2, V.tooShort).max(50, V.tooLong),
    email: z.string().trim().email(V.invalidEmail).max(120),
    phone: z.string().max(30).nullable(),
    planId: z.number().int().positive(),
    status: z.boolean(),
    /** A blank or invalid due date is sent as null (account-admin.md §5). */
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
    recurrence: z.enum(Recurrences),
    document: z.string().max(20).nullable(),
  })
  .partial();
