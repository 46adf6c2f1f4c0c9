import { customPlanPrice, subscriptionSchema, type SubscriptionResponse } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { paymentProvider } from './provider-factory.js';

/**
 * POST /subscription (account-admin.md §3, §7): a company admin pays one of its open invoices.
 * users + connections choose a custom plan, priced here (never from the browser's price) and kept
 * on the company for the next invoices; it becomes the company's limit only when paid
 * (settle-payment.ts). The provider creates the Pix charge; the answer carries
 * the Pix qrcode and valor.original. The payment itself arrives later by the provider's webhook.
 */
export function registerSubscriptionRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', requireAdmin);

    scope.post('/subscription', { schema: { body: subscriptionSchema, tags: ['invoices'] } }, async (request): Promise<SubscriptionResponse> => {
      const body = request.body;
      const companyId = request.auth.companyId;
      const invoice = await core.db('invoices').where({ id: body.invoiceId, companyId }).first();
      if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND', 404);
      if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);
      const provider = await paymentProvider(core);

      let value = Number(invoice.value);
      if (body.users !== undefined || body.connections !== undefined) {
        const users = body.users ?? Math.max(invoice.users, 3);
        const connections = body.connections ?? Math.max(invoice.connections, 3);
        value = customPlanPrice(users, connections);
        await core.db.transaction(async (trx) => {
          await trx('invoices').where({ id: invoice.id }).update({ users, connections, value, detail: 'Plano personalizado', customPlan: true, updatedAt: trx.fn.now() });
          await trx('companies').where({ id: companyId }).update({ customUsers: users, customConnections: connections, customValue: value });
        });
      }

      const company = await core.db('companies').where({ id: companyId }).first('id', 'name', 'email', 'providerCustomerId');
      const fullName = [body.firstName, body.lastName].filter(Boolean).join(' ');
      const charge = await provider.createPixCharge({
        invoiceId: invoice.id,
        value,
        dueDate: invoice.dueDate,
        description: `${company.name} — ${invoice.detail} (#${invoice.id})`,
        customer: { companyId, name: fullName || company.name, email: company.email ?? null, document: body.zipcode.replace(/\D/g, ''), providerCustomerId: company.providerCustomerId ?? null },
      });
      await core.db.transaction(async (trx) => {
        await trx('invoices').where({ id: invoice.id }).update({ provider: provider.name, providerPaymentId: charge.paymentId, updatedAt: trx.fn.now() });
        if (company.providerCustomerId !== charge.providerCustomerId) await trx('companies').where({ id: companyId }).update({ providerCustomerId: charge.providerCustomerId });
      });
      return { invoiceId: invoice.id, qrcode: { qrcode: charge.payload, encodedImage: charge.encodedImage }, valor: { original: charge.value.toFixed(2) } };
    });
  });
}
