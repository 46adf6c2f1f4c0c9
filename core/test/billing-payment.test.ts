import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDueDate, paymentEventName } from '@guiche/contracts';
import { createTestKernel, nextEvent, startFakeAsaas, type FakeAsaas, type TestKernel } from '@guiche/core/testing';
import { addDays, todayInSaoPaulo } from '../src/domain/subscription.js';

const API_KEY = '$aact_test_key_0123456789';
const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';

let k: TestKernel;
let asaas: FakeAsaas;
beforeAll(async () => {
  asaas = await startFakeAsaas({ apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN });
  k = await createTestKernel({ config: { ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  asaas.webhookUrl = `${k.apiUrl}/subscription/webhook/asaas`;
  expect((await k.api('PUT', '/settings/asaas', { token: k.superToken, body: { value: JSON.stringify({ token: API_KEY }) } })).status).toBe(200);
});
afterAll(async () => {
  await k?.close();
  await asaas?.close();
});

const db = () => k.kernel.core.db;
const checkout = (invoiceId: number, extra: Record<string, unknown> = {}) => ({ firstName: 'Maria', lastName: 'Silva', zipcode: '123.456.789-09', invoiceId, ...extra });

async function companyWithInvoice(dueDate: string, recurrence = 'MENSAL') {
  const company = await k.createCompany({ dueDate });
  await db()('companies').where({ id: company.company.id }).update({ recurrence });
  const [invoice] = await db()('invoices')
    .insert({ companyId: company.company.id, detail: 'Plano', users: 10, connections: 10, queues: 10, value: 99, dueDate, status: 'open' })
    .returning('*');
  return { ...company, invoice };
}

describe('POST /subscription', () => {
  it('validates the checkout: the step-0 messages, custom plan minimums, the invoice id', async () => {
    const { admin, invoice } = await companyWithInvoice(addDays(todayInSaoPaulo(), 3));
    const res = await k.api('POST', '/subscription', { token: admin.token, body: { firstName: ' ', zipcode: '', invoiceId: invoice.id } });
    expect(res.status).toBe(400);
    const issues = Object.fromEntries(res.body.issues.map((i: any) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({ firstName: 'validation.checkoutFirstName', zipcode: 'validation.checkoutZipcode' });
    const missing = await k.api('POST', '/subscription', { token: admin.token, body: { invoiceId: invoice.id } });
    expect(Object.fromEntries(missing.body.issues.map((i: any) => [i.path.join('.'), i.message]))).toEqual({ firstName: 'validation.checkoutFirstName', zipcode: 'validation.checkoutZipcode' });
    const small = await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id, { users: 2, connections: 1 }) });
    expect(Object.fromEntries(small.body.issues.map((i: any) => [i.path.join('.'), i.message]))).toEqual({ users: 'validation.checkoutMinUsers', connections: 'validation.checkoutMinConnections' });
    const noInvoice = await k.api('POST', '/subscription', { token: admin.token, body: { firstName: 'Maria', zipcode: '1' } });
    expect(noInvoice.body.issues.map((i: any) => i.path.join('.'))).toEqual(['invoiceId']);
    expect(asaas.payments.size).toBe(0);
  });

  it('lets admins (not plain users, not another company) create the Pix charge, and prices a custom plan', async () => {
    const { company, admin, invoice } = await companyWithInvoice(addDays(todayInSaoPaulo(), 3));
    const plain = await k.createUser(company.id);
    const other = await k.createCompany();
    expect(await k.api('POST', '/subscription', { token: plain.token, body: checkout(invoice.id) })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('POST', '/subscription', { token: other.admin.token, body: checkout(invoice.id) })).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect(await k.api('POST', '/subscription', { token: k.superToken, body: checkout(invoice.id) })).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect((await k.api('POST', '/subscription', { body: checkout(invoice.id) })).status).toBe(401);

    const res = await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id, { price: 1 }) });
    expect(res.status).toBe(200);
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    expect(payment).toMatchObject({ billingType: 'PIX', value: 99, dueDate: invoice.dueDate });
    expect(res.body).toMatchObject({ invoiceId: invoice.id, qrcode: { qrcode: payment.pixPayload }, valor: { original: '99.00' } });
    expect(res.body.qrcode.encodedImage).toMatch(/^[A-Za-z0-9+/=]+$/);
    const customer = asaas.customers.get(payment.customer)!;
    expect(customer).toMatchObject({ name: 'Maria Silva', cpfCnpj: '12345678909' });
    const created = asaas.server.requests.filter((r) => r.path === '/v3/payments');
    expect(created.at(-1)!.headers['access_token']).toBe(API_KEY);

    // A custom plan: 5 users, 4 connections → 49 + 2×11 + 1×20; the customer is reused.
    const custom = await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id, { users: 5, connections: 4, price: 1 }) });
    expect(custom.body.valor.original).toBe('91.00');
    expect(await db()('invoices').where({ id: invoice.id }).first()).toMatchObject({ users: 5, connections: 4, value: 91, provider: 'asaas' });
    expect(await db()('companies').where({ id: company.id }).first()).toMatchObject({ customUsers: 5, customConnections: 4, customValue: 91 });
    expect(asaas.customers.size).toBeGreaterThanOrEqual(1);
    expect([...asaas.payments.values()].filter((p) => p.externalReference === `invoice-${invoice.id}`).every((p) => p.customer === payment.customer)).toBe(true);
  });

  it('answers ERR_PAYMENT_NOT_CONFIGURED without the asaas setting and ERR_PAYMENT_PROVIDER when Asaas refuses', async () => {
    const { admin, invoice } = await companyWithInvoice(addDays(todayInSaoPaulo(), 3));
    await k.api('PUT', '/settings/asaas', { token: k.superToken, body: { value: '' } });
    try {
      expect(await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id) })).toMatchObject({ status: 409, body: { error: 'ERR_PAYMENT_NOT_CONFIGURED' } });
      await k.api('PUT', '/settings/asaas', { token: k.superToken, body: { value: 'wrong-key' } });
      expect(await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id) })).toMatchObject({ status: 502, body: { error: 'ERR_PAYMENT_PROVIDER' } });
    } finally {
      await k.api('PUT', '/settings/asaas', { token: k.superToken, body: { value: JSON.stringify({ token: API_KEY }) } });
    }
  });
});

describe('the Asaas webhook', () => {
  it('marks the invoice paid, advances the due date once, emits CONCLUIDA; a redelivery and a second event change nothing', async () => {
    const dueDate = addDays(todayInSaoPaulo(), 3);
    const { company, admin, invoice } = await companyWithInvoice(dueDate, 'TRIMESTRAL');
    await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id) });
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    const socket = await k.socket(admin.token);
    const live = nextEvent(socket, paymentEventName(company.id));

    const first = await asaas.pay(payment.id);
    expect(first).toMatchObject({ status: 200, body: { outcome: 'renewed' } });
    const renewed = nextDueDate(dueDate, 'TRIMESTRAL');
    expect(await live).toMatchObject({ action: 'CONCLUIDA', company: { id: company.id, dueDate: renewed }, invoiceId: invoice.id });
    expect(await db()('invoices').where({ id: invoice.id }).first()).toMatchObject({ status: 'paid' });
    expect((await db()('companies').where({ id: company.id }).first()).dueDate).toBe(renewed);

    // Delivered twice (same event id), then twice at once, then PAYMENT_CONFIRMED for the same charge.
    expect(await asaas.pay(payment.id, { eventId: first.eventId })).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    const both = await Promise.all([asaas.pay(payment.id), asaas.pay(payment.id)]);
    expect(both.map((r) => r.body.outcome)).toEqual(['already-paid', 'already-paid']);
    expect((await asaas.pay(payment.id, { event: 'PAYMENT_CONFIRMED' })).body.outcome).toBe('already-paid');
    expect((await db()('companies').where({ id: company.id }).first()).dueDate).toBe(renewed);
    expect(await db()('paymentEvents').where({ invoiceId: invoice.id }).count({ n: '*' })).toEqual([{ n: 4 }]); // the redelivered event is not stored twice
    expect((await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id) }))).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
  });

  it("makes a paid custom plan's users and connections the company's maxima, and an unpaid one changes nothing", async () => {
    const dueDate = addDays(todayInSaoPaulo(), 4);
    const { company, plan, admin, invoice } = await companyWithInvoice(dueDate);
    await k.api('PUT', `/plans/${plan.id}`, { token: k.superToken, body: { users: 2 } });
    const maxima = async () => db()('companies').where({ id: company.id }).first('numberAttendants', 'numberConections');
    const addUser = (n: number) => k.api('POST', '/users', { token: admin.token, body: { name: `Agente ${n}`, email: `custom-${company.id}-${n}@example.com`, password: 'segredo1' } });

    expect((await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id, { users: 4, connections: 5 }) })).status).toBe(200);
    expect(await db()('invoices').where({ id: invoice.id }).first()).toMatchObject({ customPlan: true, users: 4, connections: 5 });
    expect(await maxima()).toEqual({ numberAttendants: null, numberConections: null });
    expect((await addUser(1)).status).toBe(201); // the admin and one more: the plan's 2
    expect(await addUser(2)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT', limit: 'users', max: 2 } });

    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    expect((await asaas.pay(payment.id)).body.outcome).toBe('renewed');
    expect(await maxima()).toEqual({ numberAttendants: 4, numberConections: 5 });
    expect((await addUser(2)).status).toBe(201);
    expect((await addUser(3)).status).toBe(201);
    expect(await addUser(4)).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT', limit: 'users', max: 4 } });
    // What a company may be given is what it may buy.
    expect(await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id, { users: 10000, connections: 3 }) })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('renews once when the same first event arrives twice at once', async () => {
    const dueDate = addDays(todayInSaoPaulo(), 1);
    const { company, admin, invoice } = await companyWithInvoice(dueDate);
    await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id) });
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    const results = await Promise.all([asaas.pay(payment.id, { eventId: 'evt_same_1' }), asaas.pay(payment.id, { eventId: 'evt_same_1' })]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(['duplicate', 'renewed']);
    expect((await db()('companies').where({ id: company.id }).first()).dueDate).toBe(nextDueDate(dueDate, 'MENSAL'));
  });

  it('refuses a forged webhook (wrong or missing token) and ignores unrelated events', async () => {
    const dueDate = addDays(todayInSaoPaulo(), 2);
    const { company, admin, invoice } = await companyWithInvoice(dueDate);
    await k.api('POST', '/subscription', { token: admin.token, body: checkout(invoice.id) });
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    expect(await asaas.pay(payment.id, { token: 'forged-token-0123456789abcdef' })).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_SIGNATURE' } });
    expect((await k.api('POST', '/subscription/webhook/asaas', { body: { id: 'evt_x', event: 'PAYMENT_RECEIVED', payment: { id: payment.id } } })).status).toBe(401);
    expect(await db()('invoices').where({ id: invoice.id }).first()).toMatchObject({ status: 'open' });
    expect((await db()('companies').where({ id: company.id }).first()).dueDate).toBe(dueDate);
    expect(await asaas.deliver({ id: 'evt_created_1', event: 'PAYMENT_CREATED', payment: { id: payment.id } })).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(await asaas.deliver({ id: 'evt_unknown_1', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_nobody' } })).toMatchObject({ status: 200, body: { outcome: 'unknown-payment' } });
    expect((await asaas.deliver({ event: 'PAYMENT_RECEIVED' })).status).toBe(400);
  });
});

describe('an expired company', () => {
  it('logs in, is refused everything but auth, invoices, checkout and helps, and is freed by paying', async () => {
    const dueDate = addDays(todayInSaoPaulo(), -3);
    const { company, admin, invoice } = await companyWithInvoice(dueDate);
    const plain = await k.createUser(company.id);
    const login = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } });
    expect(login).toMatchObject({ status: 200, body: { subscriptionExpired: true } });
    const token = login.body.token;

    for (const t of [token, plain.token]) {
      expect(await k.api('GET', '/users', { token: t })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate } });
      expect(await k.api('GET', '/tickets', { token: t })).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
      expect((await k.api('GET', '/invoices/all', { token: t })).status).toBe(200);
      expect((await k.api('GET', '/helps/list', { token: t })).status).toBe(200);
    }
    expect(await k.api('POST', '/messages/1', { token, body: { body: 'oi' } })).toMatchObject({ status: 402 });
    // Other companies and the super user are untouched.
    const other = await k.createCompany();
    expect((await k.api('GET', '/users', { token: other.admin.token })).status).toBe(200);
    expect((await k.api('GET', '/users', { token: k.superToken })).status).toBe(200);

    const pay = await k.api('POST', '/subscription', { token, body: checkout(invoice.id) });
    expect(pay.status).toBe(200);
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    expect((await asaas.pay(payment.id)).body.outcome).toBe('renewed');
    const renewed = nextDueDate(dueDate, 'MENSAL');
    expect((await db()('companies').where({ id: company.id }).first()).dueDate).toBe(renewed);
    expect((await k.api('GET', '/users', { token })).status).toBe(200);
    expect((await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } })).body.subscriptionExpired).toBe(renewed < todayInSaoPaulo());

    // A super user moving the due date takes effect on the company's next request, both ways.
    const moveDueDate = async (to: string) => expect((await k.api('PUT', `/companies/${company.id}`, { token: k.superToken, body: { dueDate: to } })).status).toBe(200);
    await moveDueDate(dueDate);
    expect((await k.api('GET', '/users', { token })).status).toBe(402);
    await moveDueDate(addDays(todayInSaoPaulo(), 30));
    expect((await k.api('GET', '/users', { token })).status).toBe(200);
  });
});
