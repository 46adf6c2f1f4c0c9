/** Calendar months per company recurrence (account-admin.md §9). */
export const RECURRENCE_MONTHS: Record<string, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** The date `months` calendar months after `date` ("YYYY-MM-DD"), clamped to the month's last day (01-31 + 1 → 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The next due date of a company paying `dueDate`'s invoice with its recurrence (unknown → monthly). */
export function nextDueDate(dueDate: string, recurrence: string): string {
  return addMonths(dueDate, RECURRENCE_MONTHS[recurrence] ?? 1);
}
