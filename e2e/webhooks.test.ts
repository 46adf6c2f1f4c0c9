import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, startWebhookReceiver, waitFor, type TestKernel, type WebhookReceiver } from '@guiche/core/testing';
import { createExternalApiPlugin } from '@guiche/plugin-external-api';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The Webhooks page in Debian's chromium against a real kernel: an admin subscribes a local
 * receiver, copies the secret shown once, sends a test ping and sees it in the delivery log live;
 * the receiver verifies the signature with that secret.
 */

let kernel: TestKernel;
let browser: Browser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/external-api/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [createExternalApiPlugin({ webhooks: { allowPrivate: true, retryBaseMs: 50 } })], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await receiver?.close();
});

describe('/messages-api/webhooks', () => {
  it('creates a subscription, shows its secret, sends a ping and shows it in the delivery log', async () => {
    const company = await kernel.createCompany({ planFlags: { useExternalApi: true } });
    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/messages-api/webhooks`);
    await expect.poll(() => page.getByTestId('webhooks-page').textContent()).toContain('Nenhum webhook cadastrado');

    await page.getByTestId('webhook-add').click();
    const dialog = page.getByTestId('webhook-dialog');
    await page.getByTestId('webhook-save').click();
    await expect.poll(() => dialog.locator('.bp6-form-helper-text').allTextContents()).toContain('Escolha ao menos um evento.');
    await page.locator('#webhook-url').fill(receiver.url);
    for (const type of ['ticket.status', 'message.created']) await dialog.locator('label', { has: page.getByTestId(`webhook-event-${type}`) }).click();
    await page.getByTestId('webhook-save').click();

    // The secret, shown once on creation: the receiver is set up with it.
    const secretInput = page.getByTestId('webhook-secret');
    await expect.poll(() => secretInput.inputValue()).toMatch(/^whsec_/);
    receiver.secret = await secretInput.inputValue();
    const stored = await kernel.db('webhookSubscriptions').where({ companyId: company.company.id }).first('id', 'url');
    expect(stored.url).toBe(receiver.url);
    await page.getByRole('button', { name: 'Fechar', exact: true }).click();
    await expect.poll(() => page.getByTestId('webhook-row').count()).toBe(1);

    await page.getByTestId('webhook-log-open').click();
    await expect.poll(() => page.getByText('Nenhuma entrega ainda').count()).toBe(1);
    await page.getByTestId('webhook-ping').click();
    // The attempt arrives in the open log live (no reload), answered 200 by the receiver.
    const row = page.getByTestId('webhook-log-row').first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('ping');
    expect(await row.textContent()).toContain('200');
    const ping = await waitFor(() => receiver.accepted.find((w) => w.type === 'ping'));
    expect(ping.data).toMatchObject({ subscriptionId: stored.id });
    expect(receiver.rejected).toEqual([]);
  }, 120_000);
});
