import { z } from 'zod';
import { date, id, pageNumber, text } from './primitives.js';
import { V } from './messages.js';
import { companyLimit, Recurrences } from './companies.js';

export type Recurrence = (typeof Recurrences)[number];

/** account-admin.md §4: the advance button adds the recurrence's calendar months. */
export const RecurrenceMonths: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/**
 * "YYYY-MM-DD" plus `months` calendar months; a day the target month lacks becomes its last day
 * (31/01 + 1 month = 28 or 29/02), never a spill into the month after.
 */
export function addCalendarMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The due date after `day`'s period with this recurrence (the advance button, a paid invoice); unknown → monthly. */
export function nextDueDate(day: string, recurrence: string): string {
  return addCalendarMonths(day, RecurrenceMonths[recurrence as Recurrence] ?? 1);
}

/** The company list page (GET /companiesPlan/, GET /companies): 20 a page. */
export const COMPANIES_PAGE_SIZE = 20;
export const companyListQuery = z.object({
  searchParam: text(200, { trim: true }).optional(),
  pageNumber,
});

/** POST /companies (super users), account-admin.md §5 company form. */
export const companyCreateSchema = z.object({
  name: text(50, { trim: true }).min(1, V.required).min(2, V.tooShort),
  email: text(120, { trim: true }).min(1, V.required).email(V.invalidEmail),
  phone: text(30).nullable().optional(),
  planId: id,
  status: z.boolean().default(true),
  /** A blank or invalid due date is sent as null. */
  dueDate: date().nullable().optional(),
  recurrence: z.enum(Recurrences).default('MENSAL'),
  document: text(20).nullable().optional(),
  paymentMethod: text(30).nullable().optional(),
  numberAttendants: companyLimit.optional(),
  numberConections: companyLimit.optional(),
  /** When present, the company's first admin is created with the company e-mail and this password. */
  password: text(50).min(5, V.tooShort).optional(),
});
export type CompanyCreateInput = z.infer<typeof companyCreateSchema>;

/** A row of the companies page. */
export interface CompanyRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  planId: number | null;
  planName: string | null;
  value: number | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  paymentMethod: string | null;
  /** The company's own maximum of users / connections; null = its plan's. */
  numberAttendants: number | null;
  numberConections: number | null;
  createdAt: string;
  lastLogin: string | null;
}

/** Live progress of a company deletion, to the super users (company 1's room). */
export const CompanyDeletionEvent = 'companies-deletion';
export type CompanyDeletionStep = 'media' | 'rows' | 'done';
export interface CompanyDeletionPayload {
  companyId: number;
  step: CompanyDeletionStep;
}

/** GET /companies/deletions: the deletions still running (or given up on), oldest first. */
export interface CompanyDeletionRow {
  id: number;
  name: string;
  deletingSince: string;
  /** The step running: its media folder, then its rows. */
  step: 'media' | 'rows';
  /** Its background work ran out of tries; the company stays hidden and switched off. */
  failed: boolean;
}
