import { addDays, localDay } from '../clock/business-clock.js';

export { addDays };

/** Today's calendar date in the product's business timezone (reports and due dates). */
export function todayInSaoPaulo(now = new Date()): string {
  return localDay(now);
}

export function isSubscriptionExpired(companyId: number, dueDate: string | null, now = new Date()): boolean {
  if (companyId === 1 || !dueDate) return false;
  return dueDate < todayInSaoPaulo(now);
}

