import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { createExternalApiPlugin } from '@guiche/plugin-external-api';
import { FakeWorld } from '../core/test/channels-fake-channel.js';
import { fakeWhatsapp } from '../plugins/external-api/test/support.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * The /messages-api page in Debian's chromium against a real kernel: its two test forms call the
 * real endpoint with a connection token and the messages reach the fake WhatsApp session; the page
 * is for admins of plans with useExternalApi only.
 */

const world = new FakeWorld();
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/external-api/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [fakeWhatsapp(world), createExternalApiPlugin()], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});
afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

async function connectedCompany(planFlags: Record<string, boolean> = {}) {
  const company = await kernel.createCompany({ planFlags: { useExternalApi: true, ...planFlags } });
  const created = await kernel.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Loja', channel: 'whatsapp' } });
  expect(created.status).toBe(201);
  const connectionId = created.body.id as number;
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
  const { token } = await kernel.db('whatsapps').where({ id: connectionId }).first('token');
  return { ...company, connectionId, token: token as string };
}

describe('/messages-api', () => {
  it('documents the endpoint with this site’s base URL, and its text and media forms deliver to WhatsApp', async () => {
    const company = await connectedCompany();
    world.numbers.set('5511987650001', '5511987650001');
    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/messages-api`);
    await expect.poll(() => page.getByTestId('messages-api-endpoint').textContent()).toContain(`${kernel.url}/api/messages/send`);
    expect(await page.getByTestId('messages-api-curl-text').textContent()).toContain(`curl -X POST '${kernel.url}/api/messages/send'`);

    // Text form: required fields first.
    const text = page.getByTestId('messages-api-form-text');
    await page.getByTestId('messages-api-send-text').click();
    await expect.poll(() => text.locator('.bp6-form-helper-text').count()).toBe(3);
    await page.locator('#api-text-token').fill(company.token);
    await page.locator('#api-text-number').fill('+55 11 98765-0001');
    await page.locator('#api-text-body').fill('Olá do teste de texto');
    await page.getByTestId('messages-api-send-text').click();
    await expect.poll(() => text.locator('.bp6-form-helper-text').textContent()).toContain('Informe apenas números');
    await page.locator('#api-text-number').fill('5511987650001');
    await page.getByTestId('messages-api-send-text').click();
    const textAnswer = page.getByTestId('messages-api-answer-text');
    await expect.poll(() => textAnswer.textContent()).toContain('"status": "queued"');
    const sentText = await waitFor(() => world.outbound.all.find((d) => d.body === 'Olá do teste de texto'));
    expect(sentText).toMatchObject({ connectionId: company.connectionId, toId: '5511987650001' });
    expect(JSON.parse((await textAnswer.textContent())!).messageId).toBe(sentText.messageId);

    // Media form: two files, the body as the first one's caption.
    await page.locator('#api-media-token').fill(company.token);
    await page.locator('#api-media-number').fill('5511987650001');
    await page.locator('#api-media-body').fill('Fotos do pedido');
    await page.locator('#api-media-file').setInputFiles([
      { name: 'pedido.png', mimeType: 'image/png', buffer: Buffer.alloc(1500, 1) },
      { name: 'recibo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 recibo') },
    ]);
    await page.getByTestId('messages-api-send-media').click();
    const mediaAnswer = page.getByTestId('messages-api-answer-media');
    await expect.poll(() => mediaAnswer.textContent()).toContain('"status": "queued"');
    const ids: number[] = JSON.parse((await mediaAnswer.textContent())!).messageIds;
    expect(ids).toHaveLength(2);
    const files = await Promise.all(ids.map((id) => waitFor(() => world.outbound.all.find((d) => d.messageId === id))));
    expect(files.map((f) => [f.media?.fileName, f.body])).toEqual([
      ['pedido.png', 'Fotos do pedido'],
      ['recibo.pdf', ''],
    ]);

    // A wrong token shows the API's own answer.
    await page.locator('#api-text-token').fill('NOPE');
    await page.getByTestId('messages-api-send-text').click();
    await expect.poll(() => textAnswer.textContent()).toContain('ERR_API_TOKEN_INVALID');
    await page.close();
  });

  it('an admin reveals and regenerates the token in the connection dialog, then picks the connection here and a send with its token works', async () => {
    const company = await connectedCompany();
    world.numbers.set('5511987650002', '5511987650002');
    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/connections`);
    await page.getByTestId('connection-row').filter({ hasText: 'Loja' }).getByTestId('connection-edit').click();
    const panel = page.getByTestId('connection-dialog').getByTestId('cn-api-token-panel');
    const field = panel.getByTestId('cn-api-token');
    expect(await field.inputValue()).not.toContain(company.token);
    await panel.getByTestId('cn-api-token-reveal').click();
    await expect.poll(() => field.inputValue()).toBe(company.token);

    // Regenerating asks first; the old token is refused right after.
    await panel.getByTestId('cn-api-token-regenerate').click();
    await page.locator('.bp6-dialog').filter({ hasText: 'Gerar novo token da API' }).getByRole('button', { name: 'Gerar novo token' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(company.token);
    const fresh = await field.inputValue();
    expect((await kernel.db('whatsapps').where({ id: company.connectionId }).first('token')).token).toBe(fresh);
    const old = await fetch(`${kernel.apiUrl}/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5511987650002', body: 'old token' }),
    });
    expect(old.status).toBe(401);

    // /messages-api: picking the connection fills the token, the curl and the test form.
    await page.goto(`${kernel.url}/messages-api`);
    await page.getByTestId('messages-api-connection').selectOption(String(company.connectionId));
    await expect.poll(() => page.getByTestId('messages-api-token').inputValue()).toBe(fresh);
    expect(await page.getByTestId('messages-api-curl-text').textContent()).toContain(`Authorization: Bearer ${fresh}`);
    expect(await page.locator('#api-text-token').inputValue()).toBe(fresh);
    await page.locator('#api-text-number').fill('5511987650002');
    await page.locator('#api-text-body').fill('Enviado com o token escolhido');
    await page.getByTestId('messages-api-send-text').click();
    await expect.poll(() => page.getByTestId('messages-api-answer-text').textContent()).toContain('"status": "queued"');
    const sent = await waitFor(() => world.outbound.all.find((d) => d.body === 'Enviado com o token escolhido'));
    expect(sent).toMatchObject({ connectionId: company.connectionId, toId: '5511987650002' });
    await page.close();
  });

  it('shows a plain user "Acesso restrito" (the profile, not the plan), and sends an admin whose plan lacks the flag back to / naming what the plan lacks', async () => {
    const withFlag = await connectedCompany();
    const agent = await kernel.createUser(withFlag.company.id);
    const noFlag = await kernel.createCompany({ planFlags: { useExternalApi: false } });

    const agentPage = await newPage(browser, kernel);
    await logIn(agentPage, agent, `${kernel.url}/messages-api`);
    await agentPage.getByTestId('access-restricted').getByText('Acesso restrito').waitFor();
    expect(await agentPage.getByText('O plano desta empresa não inclui').count()).toBe(0);
    expect(await agentPage.getByTestId('messages-api-page').count()).toBe(0);
    await agentPage.close();

    const page = await newPage(browser, kernel);
    await logIn(page, noFlag.admin, `${kernel.url}/messages-api`);
    await page.getByTestId('plan-denied').getByText('O plano desta empresa não inclui API.').waitFor();
    // The toast names the module too (#32), never the generic "no permission for this page".
    await expect.poll(() => page.getByText('O plano desta empresa não inclui API. Estamos lhe redirecionando.').count()).toBeGreaterThan(0);
    expect(await page.getByText('Esta empresa não possui permissão').count()).toBe(0);
    await page.waitForURL((url) => url.pathname !== '/messages-api');
    expect(await page.getByTestId('messages-api-page').count()).toBe(0);
    await page.close();
  });
});
