import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths, customPlanPrice, INVOICES_PAGE_SIZE, nextDueDate } from '@guiche/contracts';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { generateInvoices, INVOICE_WORK_KIND } from '../src/billing/index.js';
import { addDays, todayInSaoPaulo } from '../src/domain/subscription.js';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ config: { INVOICE_GENERATOR: true } });
});
afterAll(async () => k?.close());

const invoicesOf = (companyId: number) => k.kernel.core.db('invoices').where({ companyId }).orderBy('dueDate');

describe('due dates', () => {
  it('advance by calendar months per recurrence, clamped to the month end', () => {
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(nextDueDate('2026-03-10', 'MENSAL')).toBe('2026-04-10');
    expect(nextDueDate('2026-03-10', 'BIMESTRAL')).toBe('2026-05-10');
    expect(nextDueDate('2026-03-10', 'TRIMESTRAL')).toBe('2026-06-10');
    expect(nextDueDate('2026-03-10', 'SEMESTRAL')).toBe('2026-09-10');
    expect(nextDueDate('2026-03-10', 'ANUAL')).toBe('2027-03-10');
  });

  it('prices the custom plan: base 49, +11 per user and +20 per connection above 3', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
    expect(customPlanPrice(5, 4)).toBe(49 + 22 + 20);
    expect(customPlanPrice(1, 1)).toBe(49);
  });
});

describe('invoice generator', () => {
  it('creates one invoice per company and period ahead of the due date, never two, even run at once', async () => {
    const today = todayInSaoPaulo();
    const soon = await k.createCompany({ dueDate: addDays(today, 5) });
    const late = await k.createCompany({ dueDate: addDays(today, -40) });
    const far = await k.createCompany({ dueDate: addDays(today, 60) });

    const runs = await Promise.all([generateInvoices(k.kernel.core.db), generateInvoices(k.kernel.core.db), generateInvoices(k.kernel.core.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    await generateInvoices(k.kernel.core.db);

    const soonInvoices = await invoicesOf(soon.company.id);
    expect(soonInvoices).toHaveLength(1);
    expect(soonInvoices[0]).toMatchObject({ dueDate: addDays(today, 5), status: 'open', users: 10, connections: 10, queues: 10, value: 99 });
    // Catching up: a company whose due date passed while the server was down still gets its invoice.
    expect(await invoicesOf(late.company.id)).toHaveLength(1);
    expect(await invoicesOf(far.company.id)).toHaveLength(0);
    expect(await invoicesOf(1)).toHaveLength(0);
  });

  it('runs as timed work claimed once, sets itself again, and uses the custom plan when chosen', async () => {
    const today = todayInSaoPaulo();
    const custom = await k.createCompany({ dueDate: addDays(today, 2) });
    await k.kernel.core.db('companies').where({ id: custom.company.id }).update({ customUsers: 5, customConnections: 4, customValue: customPlanPrice(5, 4) });
    const later = new Date(Date.now() + 2 * 3600_000);
    await Promise.all([k.kernel.core.timedWork.runDue(later), k.kernel.core.timedWork.runDue(later)]);
    const rows = await invoicesOf(custom.company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ detail: 'Plano personalizado', customPlan: true, users: 5, connections: 4, value: 91 });
    const timer = await k.kernel.core.db('timedWork').where({ kind: INVOICE_WORK_KIND }).first();
    expect(timer).toBeTruthy();
    expect(new Date(timer.dueAt).getTime()).toBeGreaterThan(later.getTime());
  });

  it('catches up by itself: a generator timer left past due (the node was down) fires on the running sweeper', async () => {
    const today = todayInSaoPaulo();
    const missed = await k.createCompany({ dueDate: addDays(today, -3) });
    await k.kernel.core.db('timedWork').where({ kind: INVOICE_WORK_KIND }).update({ dueAt: new Date(Date.now() - 5 * 3600_000) });
    const rows = await waitFor(async () => {
      const found = await invoicesOf(missed.company.id);
      return found.length ? found : null;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dueDate: addDays(today, -3), status: 'open' });
  });
});

describe('GET /invoices/all and /invoices/{id}', () => {
  it('lists the company its own invoices, paged, to its admins and (once expired) its agents; another company sees none of them', async () => {
    const today = todayInSaoPaulo();
    const { company, admin } = await k.createCompany({ dueDate: addDays(today, -1) });
    const plain = await k.createUser(company.id);
    const other = await k.createCompany();
    const rows = Array.from({ length: INVOICES_PAGE_SIZE + 3 }, (_, i) => ({
      companyId: company.id, detail: i === 0 ? 'Plano Ouro' : 'Plano', users: 1, connections: 1, queues: 1, value: 10, dueDate: addDays(today, -30 * (i + 1)), status: 'paid',
    }));
    await k.kernel.core.db('invoices').insert(rows);

    for (const token of [admin.token, plain.token]) {
      const first = await k.api('GET', '/invoices/all?pageNumber=1', { token });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ count: INVOICES_PAGE_SIZE + 3, hasMore: true });
      expect(first.body.invoices).toHaveLength(INVOICES_PAGE_SIZE);
      expect(first.body.invoices[0]).toMatchObject({ detail: 'Plano Ouro', value: 10, status: 'paid', companyId: company.id });
      const second = await k.api('GET', '/invoices/all?pageNumber=2', { token });
      expect(second.body).toMatchObject({ hasMore: false });
      expect(second.body.invoices).toHaveLength(3);
      const search = await k.api('GET', '/invoices/all?searchParam=ouro', { token });
      expect(search.body.count).toBe(1);
    }
    const id = (await k.api('GET', '/invoices/all', { token: admin.token })).body.invoices[0].id;
    expect(await k.api('GET', `/invoices/${id}`, { token: plain.token })).toMatchObject({ status: 200, body: { id, detail: 'Plano Ouro' } });

    expect((await k.api('GET', '/invoices/all', { token: other.admin.token })).body).toMatchObject({ count: 0, invoices: [] });
    expect(await k.api('GET', `/invoices/${id}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect(await k.api('GET', `/invoices/${id}`, { token: k.superToken })).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect((await k.api('GET', '/invoices/all', { token: k.superToken })).body.count).toBe(0);
    expect((await k.api('GET', '/invoices/all')).status).toBe(401);
    expect((await k.api('GET', '/invoices/all?pageNumber=0', { token: admin.token })).status).toBe(400);
    expect((await k.api('GET', '/invoices/abc', { token: admin.token })).status).toBe(400);
  });

  it('refuses an agent of a company in good standing (/financeiro is in the admin group), answers its admin', async () => {
    const today = todayInSaoPaulo();
    const { company, admin } = await k.createCompany({ dueDate: addDays(today, 10) });
    const agent = await k.createUser(company.id);
    const [{ id }] = await k.kernel.core.db('invoices').insert({ companyId: company.id, detail: 'Plano', users: 1, connections: 1, queues: 1, value: 10, dueDate: addDays(today, 10), status: 'open' }).returning('id');
    expect(await k.api('GET', '/invoices/all', { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('GET', `/invoices/${id}`, { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('GET', '/invoices/all', { token: admin.token })).toMatchObject({ status: 200, body: { count: 1 } });
    expect(await k.api('GET', `/invoices/${id}`, { token: admin.token })).toMatchObject({ status: 200, body: { id } });
  });
});
