import { z } from 'zod';
import { date, id, text } from './primitives.js';
import { V } from './messages.js';

export const Recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;

/** PUT /companies/{id} (super users): only what is sent changes. */
export const companyUpdateSchema = z
  .object({
    name: text(50, { trim: true }).min(2, V.tooShort),
    email: text(120, { trim: true }).email(V.invalidEmail),
    phone: text(30).nullable(),
    planId: id,
    status: z.boolean(),
    /** A blank or invalid due date is sent as null (account-admin.md §5). */
    dueDate: date().nullable(),
    recurrence: z.enum(Recurrences),
    document: text(20).nullable(),
  })
  .partial();
