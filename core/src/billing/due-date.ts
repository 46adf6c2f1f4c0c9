import { addCalendarMonths, RecurrenceMonths, type Recurrence } from '@guiche/contracts';

/** Calendar-month arithmetic shared with the companies page (contracts/companies-admin.ts). */
export { addCalendarMonths as addMonths };

/** The next due date of a company paying `dueDate`'s invoice with its recurrence (unknown → monthly). */
export function nextDueDate(dueDate: string, recurrence: string): string {
  return addCalendarMonths(dueDate, RecurrenceMonths[recurrence as Recurrence] ?? 1);
}
