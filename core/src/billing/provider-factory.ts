import { AppError } from '../plugin-sdk/types.js';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import type { CoreServices } from '../services.js';
import { asaasTokenOf, createAsaasProvider } from './asaas.js';
import type { PaymentProvider } from './payment-provider.js';

/** The configured provider: Asaas with the super company's "asaas" setting, or ERR_PAYMENT_NOT_CONFIGURED. */
export async function paymentProvider(core: CoreServices): Promise<PaymentProvider> {
  const apiKey = asaasTokenOf(await core.settings.get(SUPER_COMPANY_ID, 'asaas'));
  if (!apiKey) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 409);
  return createAsaasProvider({ baseUrl: core.config.ASAAS_API_URL, apiKey, webhookToken: core.config.ASAAS_WEBHOOK_TOKEN });
}

/** The webhook side only needs the access token, not the API key. */
export function webhookReader(core: CoreServices): PaymentProvider {
  return createAsaasProvider({ baseUrl: core.config.ASAAS_API_URL, apiKey: '', webhookToken: core.config.ASAAS_WEBHOOK_TOKEN });
}
