import { callOutside, OutsideServiceError } from '../bot/outside.js';
import { AppError } from '../plugin-sdk/types.js';
import { secretMatches } from '../plugin-sdk/secrets.js';
import { ProviderAuthError, type PaymentProvider, type PixCharge, type PixChargeRequest, type SettlementEvent } from './payment-provider.js';

/** Webhook events of Asaas that mean the charge is paid. */
export const ASAAS_SETTLED_EVENTS = ['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED'];

export interface AsaasOptions {
  /** e.g. https://api.asaas.com (the driver adds /v3). */
  baseUrl: string;
  /** The API key (the super company's "asaas" setting). */
  apiKey: string;
  /** The asaas-access-token header webhooks carry; undefined refuses every webhook. */
  webhookToken: string | undefined;
}

/** The "asaas" setting holds the token, as plain text or as {"token": "..."}. */
export function asaasTokenOf(setting: string): string {
  const value = setting.trim();
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { token?: unknown };
      return typeof parsed.token === 'string' ? parsed.token.trim() : '';
    } catch {
      return '';
    }
  }
  return value;
}

/** The Asaas v3 driver: POST /v3/customers, POST /v3/payments (PIX), GET /v3/payments/{id}/pixQrCode; webhooks. */
export function createAsaasProvider(options: AsaasOptions): PaymentProvider {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/v3`;

  async function call(method: string, path: string, body?: unknown): Promise<any> {
    let res: Response;
    try {
      res = await callOutside(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', access_token: options.apiKey, 'user-agent': 'guiche' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }, { retries: method === 'GET' ? 2 : 0 });
    } catch (err) {
      if (err instanceof OutsideServiceError) throw new AppError('ERR_PAYMENT_PROVIDER', 502, { provider: 'asaas', reason: err.reason });
      throw err;
    }
    const json = await res.json().catch(() => null);
    if (!res.ok || !json) {
      throw new AppError('ERR_PAYMENT_PROVIDER', 502, { provider: 'asaas', status: res.status, errors: json?.errors });
    }
    return json;
  }

  return {
    name: 'asaas',
    async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
      let customerId = request.customer.providerCustomerId;
      if (!customerId) {
        const customer = await call('POST', '/customers', {
          name: request.customer.name,
          cpfCnpj: request.customer.document,
          email: request.customer.email ?? undefined,
          externalReference: `company-${request.customer.companyId}`,
        });
        customerId = String(customer.id);
      }
      const payment = await call('POST', '/payments', {
        customer: customerId,
        billingType: 'PIX',
        value: request.value,
        dueDate: request.dueDate,
        description: request.description,
        externalReference: `invoice-${request.invoiceId}`,
      });
      const qr = await call('GET', `/payments/${encodeURIComponent(String(payment.id))}/pixQrCode`);
      return { paymentId: String(payment.id), providerCustomerId: customerId, payload: String(qr.payload), encodedImage: String(qr.encodedImage), value: Number(payment.value) };
    },
    readWebhook(headers, body): SettlementEvent | null {
      const header = headers['asaas-access-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!options.webhookToken || !token || !secretMatches(token, options.webhookToken)) throw new ProviderAuthError('forged webhook');
      const event = body as { id?: unknown; event?: unknown; payment?: { id?: unknown; externalReference?: unknown } } | null;
      if (!event || typeof event.event !== 'string' || typeof event.id !== 'string') return null;
      if (!ASAAS_SETTLED_EVENTS.includes(event.event) || typeof event.payment?.id !== 'string') return null;
      const reference = typeof event.payment.externalReference === 'string' ? /^invoice-(\d{1,10})$/.exec(event.payment.externalReference) : null;
      return { eventId: event.id, event: event.event, paymentId: event.payment.id, invoiceId: reference ? Number(reference[1]) : null };
    },
  };
}
