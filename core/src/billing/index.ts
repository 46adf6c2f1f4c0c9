import type { FastifyInstance } from 'fastify';
import type { Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { installExpiredGuard } from './expired-guard.js';
import { defineInvoiceWork, scheduleInvoiceWork } from './invoice-generator.js';
import { registerInvoiceRoutes } from './invoices-routes.js';
import { defineResumeOutbound } from './resume-outbound.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';
import { registerWebhookRoutes } from './webhook-routes.js';

export { generateInvoices, INVOICE_WORK_KIND } from './invoice-generator.js';
export { settlePayment } from './settle-payment.js';

/** Billing (issue #9): invoices, checkout, the payment provider's webhook. */
export function registerBillingRoutes(routes: Routes, core: CoreServices): void {
  registerInvoiceRoutes(routes, core);
  registerSubscriptionRoutes(routes, core);
  registerWebhookRoutes(routes, core);
}

/** Before any route is registered: the expired-company guard applies to every API route, plugins' too. */
export function installBilling(app: FastifyInstance, core: CoreServices): void {
  installExpiredGuard(app, core);
  if (core.config.INVOICE_GENERATOR) defineInvoiceWork(core);
  defineResumeOutbound(core);
}

/** After migrations: the invoice generator's timed-work row exists (it runs at once after downtime). */
export async function startBilling(core: CoreServices): Promise<void> {
  if (core.config.INVOICE_GENERATOR) await scheduleInvoiceWork(core.db);
}
