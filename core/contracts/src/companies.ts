import { z } from 'zod';
import { date, id, int, text } from './primitives.js';
import { V } from './messages.js';

export const Recurrences = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;

/** The largest numberAttendants / numberConections a company may be given. */
export const COMPANY_LIMIT_MAX = 9999;
/**
 * numberAttendants / numberConections (account-admin.md §3, §5 "numeric"): the company's own
 * maximum of users / connections, in place of its plan's; null = the plan's; 0 = no limit, as on a plan.
 */
export const companyLimit = int(0, COMPANY_LIMIT_MAX, V.companyLimit).nullable();

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
    numberAttendants: companyLimit,
    numberConections: companyLimit,
  })
  .partial();
