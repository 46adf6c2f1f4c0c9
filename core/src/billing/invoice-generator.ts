import type { Knex } from 'knex';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import { addDays, todayInSaoPaulo } from '../domain/subscription.js';
import type { CoreServices } from '../services.js';

export const INVOICE_WORK_KIND = 'billing.invoices';
const INVOICE_WORK_KEY = 'generator';
/** An invoice exists this many days ahead of its due date. */
export const INVOICE_LEAD_DAYS = 10;
/** How often the generator runs; a node that was down runs it at once on start (the row is past due). */
export const INVOICE_EVERY_MS = 60 * 60 * 1000;

/**
 * Creates the invoice of every company whose due date is at most INVOICE_LEAD_DAYS ahead (or past:
 * catching up after downtime), from its custom plan or else its plan. The unique (company_id,
 * due_date) with ON CONFLICT DO NOTHING makes it idempotent and safe to run concurrently.
 * Answers the number of invoices created.
 */
export async function generateInvoices(db: Knex, today: string = todayInSaoPaulo()): Promise<number> {
  const horizon = addDays(today, INVOICE_LEAD_DAYS);
  const companies = await db('companies as c')
    .leftJoin('plans as p', 'p.id', 'c.planId')
    .whereNot('c.id', SUPER_COMPANY_ID)
    .where('c.status', true)
    .whereNotNull('c.dueDate')
    .where('c.dueDate', '<=', horizon)
    .select('c.id', 'c.dueDate', 'c.customUsers', 'c.customConnections', 'c.customValue', 'p.name as planName', 'p.users', 'p.connections', 'p.queues', 'p.amount');
  if (!companies.length) return 0;
  const rows = companies.map((c) => {
    const custom = c.customValue !== null && c.customValue !== undefined;
    return {
      companyId: c.id,
      dueDate: c.dueDate,
      detail: custom ? 'Plano personalizado' : (c.planName ?? 'Plano'),
      customPlan: custom,
      users: custom ? c.customUsers : (c.users ?? 0),
      connections: custom ? c.customConnections : (c.connections ?? 0),
      queues: c.queues ?? 0,
      value: custom ? c.customValue : (c.amount ?? 0),
      status: 'open',
    };
  });
  const inserted = await db('invoices').insert(rows).onConflict(['companyId', 'dueDate']).ignore().returning('id');
  return inserted.length;
}

/** The generator as a timed-work row: claimed by one node at a time, set again after each run. */
export function defineInvoiceWork(core: CoreServices): void {
  core.timedWork.define(INVOICE_WORK_KIND, async (job) => {
    const created = await generateInvoices(job.trx, todayInSaoPaulo(job.now));
    if (created) core.log.info({ created }, 'invoices generated');
    return { rescheduleAt: new Date(job.now.getTime() + INVOICE_EVERY_MS) };
  });
}

/** Makes sure the generator's row exists; a row already there keeps its due time. */
export async function scheduleInvoiceWork(db: Knex): Promise<void> {
  await db('timedWork')
    .insert({ kind: INVOICE_WORK_KIND, key: INVOICE_WORK_KEY, companyId: null, dueAt: new Date(), payload: JSON.stringify({}) })
    .onConflict(['kind', 'key'])
    .ignore();
}
