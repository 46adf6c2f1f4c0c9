import type { Invoice } from '@guiche/contracts';
import { daysUntil } from '@guiche/web-sdk';

export type InvoiceDisplay = 'paid' | 'overdue' | 'open';

/** account-admin.md §4 Invoice status display: Pago if paid; Vencido if due before today; else Em Aberto. */
export function invoiceDisplay(invoice: Pick<Invoice, 'status' | 'dueDate'>, now: Date = new Date()): InvoiceDisplay {
  if (invoice.status === 'paid') return 'paid';
  const days = daysUntil(invoice.dueDate, now);
  return days !== null && days < 0 ? 'overdue' : 'open';
}
