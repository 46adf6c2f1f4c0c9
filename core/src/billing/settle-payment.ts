import { nextDueDate, Rooms, paymentEventName, type PaymentEventPayload } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import { RESUME_OUTBOUND_KIND } from './resume-outbound.js';
import type { SettlementEvent } from './payment-provider.js';

export type SettleOutcome = 'renewed' | 'duplicate' | 'already-paid' | 'unknown-payment';

/**
 * Applies a provider's settlement event in one transaction: the event row (unique provider +
 * event id) makes a redelivery a no-op; the invoice row lock and its status make a second event
 * for the same charge (PAYMENT_CONFIRMED then PAYMENT_RECEIVED) a no-op too. So the company's due
 * date moves by its recurrence exactly once per invoice, and company-{id}-payment CONCLUIDA is
 * emitted after commit. A custom plan's invoice, once paid, sets the company's numberAttendants and
 * numberConections to what was bought. Outbound sending paused while expired resumes through timed work
 * (resume-outbound.ts) set in the same transaction.
 */
export async function settlePayment(core: CoreServices, provider: string, event: SettlementEvent): Promise<SettleOutcome> {
  let emit: PaymentEventPayload | null = null;
  const outcome = await core.db.transaction(async (trx): Promise<SettleOutcome> => {
    const recorded = await trx('paymentEvents')
      .insert({ provider, eventId: event.eventId, event: event.event })
      .onConflict(['provider', 'eventId'])
      .ignore()
      .returning('id');
    if (!recorded.length) return 'duplicate';
    // The charge's own id first; the external reference finds an invoice whose charge was created again since.
    const invoice =
      (await trx('invoices').where({ provider, providerPaymentId: event.paymentId }).forUpdate().first()) ??
      (event.invoiceId && event.invoiceId <= 2147483647 ? await trx('invoices').where({ id: event.invoiceId, provider }).forUpdate().first() : undefined);
    if (!invoice) return 'unknown-payment';
    await trx('paymentEvents').where({ id: recorded[0].id }).update({ invoiceId: invoice.id });
    if (invoice.status === 'paid') return 'already-paid';
    await trx('invoices').where({ id: invoice.id }).update({ status: 'paid', paidAt: trx.fn.now(), updatedAt: trx.fn.now() });
    const company = await trx('companies').where({ id: invoice.companyId }).forUpdate().first('id', 'dueDate', 'recurrence');
    const renewed = nextDueDate(invoice.dueDate, company.recurrence);
    const dueDate = company.dueDate && company.dueDate > renewed ? company.dueDate : renewed;
    // A paid custom plan is the company's own maxima from now on (users-plan-limits.ts reads them).
    const boughtMaxima = invoice.customPlan ? { numberAttendants: invoice.users, numberConections: invoice.connections } : {};
    await trx('companies').where({ id: company.id }).update({ dueDate, ...boughtMaxima, updatedAt: trx.fn.now() });
    await core.timedWork.schedule({ kind: RESUME_OUTBOUND_KIND, key: `company-${company.id}`, companyId: company.id, dueAt: new Date(), payload: {} }, trx);
    emit = { action: 'CONCLUIDA', company: { id: company.id, dueDate }, invoiceId: invoice.id };
    return 'renewed';
  });
  const payload = emit as PaymentEventPayload | null;
  if (payload) {
    // The token gate caches the due date the subscription guard reads: the company is free at once.
    await core.tokens.changed({ companyId: payload.company.id });
    core.realtime.emit(Rooms.company(payload.company.id), paymentEventName(payload.company.id), payload);
    core.log.info({ companyId: payload.company.id, invoiceId: payload.invoiceId, dueDate: payload.company.dueDate }, 'subscription renewed');
  }
  return outcome;
}
