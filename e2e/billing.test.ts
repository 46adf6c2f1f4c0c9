import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addCalendarMonths } from '@guiche/contracts';
import { createTestKernel, startFakeAsaas, type FakeAsaas, type TestKernel, type TestUser } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot } from './support/browser.js';
import { brDate, dayFromNow } from './support/days.js';

/**
 * Invoices and checkout in Debian's chromium (account-admin.md §2 Faturas and Checkout wizard, §4
 * Payment): a company admin pays an invoice through the wizard and the fake Asaas's webhook renews
 * the subscription live; an expired company is held at /financeiro-aberto and freed by paying.
 */

const API_KEY = '$aact_e2e_key_0123456789';
const WEBHOOK_TOKEN = 'e2e-webhook-token-0123456789';
let kernel: TestKernel;
let asaas: FakeAsaas;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  asaas = await startFakeAsaas({ apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN });
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot, ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  asaas.webhookUrl = `${kernel.apiUrl}/subscription/webhook/asaas`;
  await kernel.kernel.core.settings.set(1, 'asaas', JSON.stringify({ token: API_KEY }));
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await asaas?.close();
});


async function invoice(companyId: number, dueDate: string, status: 'open' | 'paid' = 'open', detail = 'Plano Prata') {
  const [row] = await kernel.db('invoices').insert({ companyId, detail, users: 4, connections: 2, queues: 3, value: 129.9, dueDate, status }).returning('id');
  return row.id as number;
}

async function adminPage(admin: TestUser, beforeLogin?: (page: Page) => void): Promise<Page> {
  const page = await newPage(browser, kernel, { viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  page.setDefaultTimeout(10_000);
  beforeLogin?.(page);
  await logIn(page, admin);
  return page;
}

/** The wizard from PAGAR to the Pix screen; answers the fake's payment of the invoice. */
async function payThroughWizard(page: Page, invoiceId: number, custom?: { users: number; connections: number; total: string }) {
  await page.locator(`[data-invoice-id="${invoiceId}"]`).getByTestId('invoice-pay').click();
  const dialog = page.getByTestId('checkout-dialog');
  await dialog.waitFor();
  expect(await dialog.getByTestId('checkout-current-step').innerText()).toBe('1. Dados');
  expect(await page.getByTestId('checkout-submit').innerText()).toBe('PRÓXIMO');
  await page.getByTestId('checkout-submit').click();
  await dialog.getByText('O nome completo é obrigatório').waitFor();
  await dialog.getByText('CEP é obrigatório').waitFor();
  await page.locator('#checkout-firstName').fill('Maria');
  await page.locator('#checkout-lastName').fill('Souza');
  await page.locator('#checkout-zipcode').fill('123.456.789-09');
  await page.getByTestId('checkout-submit').click();
  await dialog.getByTestId('checkout-current-step').filter({ hasText: '2. Personalizar' }).waitFor();
  if (custom) {
    await dialog.getByText('Personalizar o plano').click();
    await page.locator('#checkout-users').fill('2');
    await page.getByTestId('checkout-submit').click();
    await dialog.getByText('Mínimo de 3 usuários', { exact: true }).waitFor();
    await page.locator('#checkout-users').fill(String(custom.users));
    await page.locator('#checkout-connections').fill(String(custom.connections));
    await dialog.getByTestId('checkout-price').filter({ hasText: custom.total }).waitFor();
  }
  await page.getByTestId('checkout-submit').click();
  await dialog.getByTestId('checkout-current-step').filter({ hasText: '3. Revisar' }).waitFor();
  expect(await page.getByTestId('checkout-submit').innerText()).toBe('PAGAR');
  if (custom) expect(await dialog.getByTestId('checkout-total').innerText()).toBe(custom.total);
  await page.getByTestId('checkout-submit').click();
  await toast(page, 'Assinatura realizada com sucesso!, aguardando a realização do pagamento').waitFor();
  await dialog.getByTestId('checkout-pix').waitFor();
  const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoiceId}`)!;
  expect(await dialog.getByTestId('checkout-pix-code').inputValue()).toBe(payment.pixPayload);
  return payment;
}

describe('invoices and checkout', () => {
  it('lists the invoices, and an admin pays one through the wizard: the webhook renews the licence live', async () => {
    const dueDate = dayFromNow(3);
    const { company, admin } = await kernel.createCompany({ dueDate });
    const openId = await invoice(company.id, dueDate);
    const overdueId = await invoice(company.id, dayFromNow(-27), 'open', 'Plano Antigo');
    const paidId = await invoice(company.id, dayFromNow(-60), 'paid');

    const page = await adminPage(admin);
    await page.goto('/financeiro');
    await page.getByTestId('invoices-page').waitFor();
    await page.locator(`[data-invoice-id="${paidId}"]`).waitFor();
    const status = async (id: number) => page.locator(`[data-invoice-id="${id}"]`).getByTestId('invoice-status').innerText();
    expect(await status(openId)).toBe('Em Aberto');
    expect(await status(overdueId)).toBe('Vencido');
    expect(await status(paidId)).toBe('Pago');
    expect(await page.locator(`[data-invoice-id="${overdueId}"]`).getAttribute('class')).toContain('invoice-overdue');
    expect(await page.locator(`[data-invoice-id="${paidId}"]`).getByTestId('invoice-pay').count()).toBe(0);
    expect(await page.locator(`[data-invoice-id="${openId}"]`).innerText()).toContain(brDate(dueDate));
    for (const header of ['Detalhes', 'Usuários', 'Conexões', 'Filas', 'Valor', 'Data Venc.', 'Status', 'Ação']) {
      await page.getByTestId('invoices-table').locator('th', { hasText: header }).first().waitFor();
    }

    const payment = await payThroughWizard(page, openId, { users: 5, connections: 4, total: 'R$\u00a091,00' });
    expect(payment.value).toBe(91);
    const copy = page.getByTestId('checkout-pix-copy');
    await copy.click();
    await copy.filter({ hasText: 'Copiado!' }).waitFor();
    await copy.filter({ hasText: 'Copiar código' }).waitFor();

    expect((await asaas.pay(payment.id)).body.outcome).toBe('renewed');
    const renewed = addCalendarMonths(dueDate, 1);
    await toast(page, `Sua licença foi renovada até ${brDate(renewed)}`).waitFor();
    await page.waitForURL('**/tickets', { timeout: 15_000 });
    expect(await kernel.db('invoices').where({ id: openId }).first()).toMatchObject({ status: 'paid', value: 91 });
    expect((await kernel.db('companies').where({ id: company.id }).first()).dueDate).toBe(renewed);
  });

  it('holds an expired company at /financeiro-aberto and frees it once paid', async () => {
    const dueDate = dayFromNow(-2);
    const { company, admin } = await kernel.createCompany({ dueDate });
    const invoiceId = await invoice(company.id, dueDate);
    // What the held page asks must be what the API still answers: a 402 would be an error toast.
    const refused: string[] = [];
    const page = await adminPage(admin, (p) =>
      p.on('response', (r) => {
        if (r.status() === 402) refused.push(new URL(r.url()).pathname);
      }),
    );
    await page.waitForURL('**/financeiro-aberto');
    await page.getByTestId('subscription-expired').filter({ hasText: `Opss! Sua assinatura venceu ${brDate(dueDate)}.` }).waitFor();
    await page.goto('/users');
    await page.waitForURL('**/financeiro-aberto');
    expect(await page.locator(`[data-invoice-id="${invoiceId}"]`).getByTestId('invoice-status').innerText()).toBe('Vencido');
    // The held layout asks the API nothing it would refuse, so no error toast either.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('announcements-button').count()).toBe(0);
    expect(refused).toEqual([]);
    expect(await toast(page, 'A assinatura desta empresa venceu').count()).toBe(0);

    const payment = await payThroughWizard(page, invoiceId);
    expect(payment.value).toBe(129.9);
    expect((await asaas.pay(payment.id)).body.outcome).toBe('renewed');
    await toast(page, `Sua licença foi renovada até ${brDate(addCalendarMonths(dueDate, 1))}`).waitFor();
    await page.waitForURL('**/tickets', { timeout: 15_000 });
    await page.goto('/users');
    await page.getByTestId('users-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/users');
    await page.getByTestId('announcements-button').waitFor();
    expect(refused).toEqual([]);
  });
});
