import { randomBytes, randomUUID } from 'node:crypto';
import { startFakeServer, type FakeServer } from './fake-server.js';

export interface FakeAsaasPayment {
  id: string;
  customer: string;
  billingType: string;
  value: number;
  dueDate: string;
  description: string | null;
  externalReference: string | null;
  status: 'PENDING' | 'RECEIVED';
  pixPayload: string;
}

export interface FakeAsaasOptions {
  /** The API key the product must send in the access_token header. */
  apiKey: string;
  /** The asaas-access-token header the fake's webhooks carry (the one configured on the product). */
  webhookToken: string;
  /** Where webhooks go (the product's POST /subscription/webhook/asaas); settable later. */
  webhookUrl?: string;
}

export interface WebhookDelivery {
  status: number;
  body: any;
  eventId: string;
}

export interface FakeAsaas {
  url: string;
  server: FakeServer;
  customers: Map<string, Record<string, unknown>>;
  payments: Map<string, FakeAsaasPayment>;
  webhookUrl: string | undefined;
  /** The customer pays: the payment turns RECEIVED and a PAYMENT_RECEIVED webhook is delivered (eventId reusable to redeliver). */
  pay(paymentId: string, options?: { eventId?: string; event?: string; token?: string }): Promise<WebhookDelivery>;
  /** Delivers any webhook body with the given token (forged requests, other events). */
  deliver(body: unknown, token?: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** A 1×1 PNG, standing in for the QR code image Asaas renders. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function errors(status: number, code: string, description: string) {
  return { status, json: { errors: [{ code, description }] } };
}

/**
 * A local stand-in for the Asaas API v3 (its wire format: access_token header, POST /v3/customers,
 * POST /v3/payments billingType PIX, GET /v3/payments/{id}/pixQrCode) and its webhooks (POST with
 * the asaas-access-token header and an { id, event, payment } body).
 */
export async function startFakeAsaas(options: FakeAsaasOptions): Promise<FakeAsaas> {
  const server = await startFakeServer();
  const customers = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, FakeAsaasPayment>();
  const authorized = (headers: Record<string, unknown>) => headers['access_token'] === options.apiKey;

  server.route('POST', '/v3/customers', ({ headers, json }) => {
    if (!authorized(headers)) return errors(401, 'invalid_access_token', 'A chave de API fornecida é inválida');
    if (!json?.name) return errors(400, 'invalid_name', 'O nome do cliente deve ser informado.');
    if (!json?.cpfCnpj || !/^(\d{11}|\d{14})$/.test(String(json.cpfCnpj))) return errors(400, 'invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
    const id = `cus_${randomBytes(6).toString('hex')}`;
    const customer = { object: 'customer', id, ...json };
    customers.set(id, customer);
    return { json: customer };
  });

  server.route('POST', '/v3/payments', ({ headers, json }) => {
    if (!authorized(headers)) return errors(401, 'invalid_access_token', 'A chave de API fornecida é inválida');
    if (!json?.customer || !customers.has(json.customer)) return errors(400, 'invalid_customer', 'Cliente inexistente.');
    if (!['PIX', 'BOLETO', 'CREDIT_CARD', 'UNDEFINED'].includes(json.billingType)) return errors(400, 'invalid_billingType', 'Forma de pagamento inválida.');
    if (typeof json.value !== 'number' || json.value <= 0) return errors(400, 'invalid_value', 'O valor da cobrança deve ser informado.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(json.dueDate))) return errors(400, 'invalid_dueDate', 'A data de vencimento é inválida.');
    const id = `pay_${randomBytes(6).toString('hex')}`;
    const value = Number(json.value.toFixed(2));
    const payment: FakeAsaasPayment = {
      id,
      customer: json.customer,
      billingType: json.billingType,
      value,
      dueDate: json.dueDate,
      description: json.description ?? null,
      externalReference: json.externalReference ?? null,
      status: 'PENDING',
      pixPayload: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865406${value.toFixed(2).padStart(6, '0')}5802BR5905ASAAS6009SAO PAULO62070503***6304${randomBytes(2).toString('hex').toUpperCase()}`,
    };
    payments.set(id, payment);
    return { json: { object: 'payment', ...payment, pixPayload: undefined } };
  });

  server.route('GET', /^\/v3\/payments\/([^/]+)\/pixQrCode$/, ({ headers, params }) => {
    if (!authorized(headers)) return errors(401, 'invalid_access_token', 'A chave de API fornecida é inválida');
    const payment = payments.get(params[0]);
    if (!payment) return errors(404, 'not_found', 'Cobrança não encontrada.');
    return { json: { encodedImage: PNG_1X1, payload: payment.pixPayload, expirationDate: `${payment.dueDate} 23:59:59` } };
  });

  const fake: FakeAsaas = {
    url: server.url,
    server,
    customers,
    payments,
    webhookUrl: options.webhookUrl,
    async deliver(body, token = options.webhookToken) {
      if (!fake.webhookUrl) throw new Error('fake asaas: no webhook url');
      const res = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'asaas-access-token': token }, body: JSON.stringify(body) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    },
    async pay(paymentId, { eventId, event = 'PAYMENT_RECEIVED', token } = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake asaas: no payment ${paymentId}`);
      payment.status = 'RECEIVED';
      const id = eventId ?? `evt_${randomBytes(8).toString('hex')}&${Date.now()}`;
      const today = new Date().toISOString().slice(0, 10);
      const { pixPayload: _pix, ...wire } = payment;
      const res = await fake.deliver({ id, event, dateCreated: `${today} 12:00:00`, payment: { object: 'payment', ...wire, paymentDate: today, confirmedDate: today } }, token);
      return { ...res, eventId: id };
    },
    close: () => server.close(),
  };
  return fake;
}
