import { COMPANY_LIMIT_MAX, nextDueDate, Recurrences, V, type CompanyRow, type Recurrence } from '@guiche/contracts';

export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  document: string;
  /** Blank = the plan's number (account-admin.md §3). */
  numberAttendants: string;
  numberConections: string;
  password: string;
}

export function companyFormValues(company?: CompanyRow | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    planId: company?.planId ? String(company.planId) : '',
    status: company?.status ?? true,
    dueDate: company?.dueDate ?? '',
    recurrence: company?.recurrence ?? 'MENSAL',
    document: company?.document ?? '',
    numberAttendants: company?.numberAttendants == null ? '' : String(company.numberAttendants),
    numberConections: company?.numberConections == null ? '' : String(company.numberConections),
    password: '',
  };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const limitPattern = /^\d{1,4}$/;

const isLimit = (value: string) => value.trim() === '' || (limitPattern.test(value.trim()) && Number(value) <= COMPANY_LIMIT_MAX);
/** A blank maximum is null: the plan's. */
const limitValue = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** account-admin.md §5 company form: keys of the page's validation texts. */
export function validateCompany(values: CompanyFormValues, creating: boolean): Partial<Record<keyof CompanyFormValues, string>> {
  const errors: Partial<Record<keyof CompanyFormValues, string>> = {};
  const name = values.name.trim();
  if (name.length < 2 || name.length > 50) errors.name = 'validation.name';
  if (!values.email.trim()) errors.email = 'validation.emailRequired';
  else if (!emailPattern.test(values.email.trim())) errors.email = 'validation.emailInvalid';
  if (!values.planId) errors.planId = 'validation.planRequired';
  // "numeric" (§5): the same key the server answers, translated by the SDK.
  if (!isLimit(values.numberAttendants)) errors.numberAttendants = V.companyLimit;
  if (!isLimit(values.numberConections)) errors.numberConections = V.companyLimit;
  if (creating && values.password && (values.password.length < 5 || values.password.length > 50)) errors.password = 'validation.password';
  return errors;
}

/** The request body: a blank or invalid due date is sent as null (§5). */
export function companyPayload(values: CompanyFormValues, creating: boolean): Record<string, unknown> {
  const dueDate = datePattern.test(values.dueDate) && !Number.isNaN(Date.parse(values.dueDate)) ? values.dueDate : null;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    planId: Number(values.planId),
    status: values.status,
    dueDate,
    recurrence: values.recurrence,
    document: values.document.trim() || null,
    numberAttendants: limitValue(values.numberAttendants),
    numberConections: limitValue(values.numberConections),
    ...(creating && values.password ? { password: values.password } : {}),
  };
}

export const recurrences = Recurrences;

/** Today as "YYYY-MM-DD" in the browser's time zone. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The advance button (§4): the recurrence's calendar months after the due date (today when none). */
export function advancedDueDate(company: Pick<CompanyRow, 'dueDate' | 'recurrence'>): string {
  return nextDueDate(company.dueDate ?? today(), company.recurrence);
}

/** Row colour (§9): yellow with 1 to 5 days left, red on the day and after. */
export function dueHighlight(days: number | null): 'warning' | 'danger' | null {
  if (days === null) return null;
  if (days <= 0) return 'danger';
  return days <= 5 ? 'warning' : null;
}
