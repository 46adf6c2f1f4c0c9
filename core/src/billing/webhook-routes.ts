import { z } from 'zod';
import { text } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { ProviderAuthError } from './payment-provider.js';
import { webhookReader } from './provider-factory.js';
import { settlePayment } from './settle-payment.js';

import type { CoreServices } from '../services.js';

export const ASAAS_WEBHOOK_PATH = '/subscription/webhook/asaas';

/** The Asaas event envelope (other fields pass through untouched). */
const asaasEventSchema = z
  .object({
    id: text(200),
    event: text(100),
    payment: z.object({ id: text(100), externalReference: text(200).nullable().optional() }).passthrough().optional(),
  })
  .passthrough();

/**
 * The provider's webhook: no user token, authenticated by the asaas-access-token header before
 * the body is read (forged → 401). Settlement events are applied once (settlePayment); others are
 * acknowledged so the provider stops redelivering them.
 */
export function registerWebhookRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', async (request) => {
      try {
        webhookReader(core).readWebhook(request.headers, null);
      } catch (err) {
        if (err instanceof ProviderAuthError) throw new AppError('ERR_INVALID_SIGNATURE', 401);
        throw err;
      }
    });

    scope.post(ASAAS_WEBHOOK_PATH, { schema: { body: asaasEventSchema, tags: ['invoices'] } }, async (request) => {
      const reader = webhookReader(core);
      const event = reader.readWebhook(request.headers, request.body);
      if (!event) return { received: true, outcome: 'ignored' };
      return { received: true, outcome: await settlePayment(core, reader.name, event) };
    });
  });
}
