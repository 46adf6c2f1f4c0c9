import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { cloudConnection, FakeGraph, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../plugins/channel-whatsapp-cloud/src/plugin.js';
import { useFakeGraphEnv } from '../plugins/channel-whatsapp-cloud/test/support.js';
import { closeBrowser, keepScreenshot, launchChromium, logIn, newPage, requireBuiltWeb, toast, webRoot } from './support/browser.js';

/**
 * "Sync now" for a Cloud API connection's message templates (issue #29), in its connection dialog:
 * the stored count and approved count, a sync that reads Meta again (the fake Graph API's new
 * template shows up) with its progress and a toast; a user who may manage connections but is not
 * an admin sees the templates and no button (the route is admins only).
 */
const SHOTS = process.env.TEMPLATES_SHOTS;
const fake = new FakeGraph();
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let manager: TestUser;
let connection: CloudConnection;

beforeAll(async () => {
  requireBuiltWeb();
  await fake.start();
  useFakeGraphEnv(fake);
  kernel = await createTestKernel({ serveWeb: true, plugins: [createWhatsappCloudChannel()], config: { WEB_ROOT: webRoot } });
  company = await kernel.createCompany({ planFlags: { useWhatsapp: true } });
  connection = await cloudConnection(kernel, fake, company, { name: 'Oficial Meta' });
  manager = await kernel.createUser(company.company.id, { name: 'Gestora', profile: 'user' });
  await kernel.db('users').where({ id: manager.user.id }).update({ allowConnections: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
  await fake.stop();
});

async function openDialog(user: TestUser) {
  const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  await logIn(page, user, '/connections');
  await page.getByTestId('connection-row').filter({ hasText: 'Oficial Meta' }).getByTestId('connection-edit').click();
  const summary = page.getByTestId('cloud-templates-summary');
  await summary.waitFor();
  return { page, summary };
}

describe("a Cloud API connection's templates in its dialog", () => {
  it('shows what is stored and syncs now for an admin, with a toast and the new count', async () => {
    const { page, summary } = await openDialog(company.admin);
    expect(await summary.textContent()).toContain('2 modelos guardados (1 aprovado).');
    expect(await summary.textContent()).toContain('Lidos da Meta em');

    fake.templates.get(connection.number.wabaId)!.push({ name: 'pedido_pronto', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Seu pedido {{1}} está pronto.' }] });
    const reads = () => fake.calls.filter((c) => c.method === 'GET' && c.route === `${connection.number.wabaId}/message_templates`).length;
    const before = reads();
    await page.getByTestId('cloud-templates-sync').click();
    await toast(page, 'Modelos sincronizados: 3 (2 aprovados).').waitFor();
    await page.getByTestId('cloud-templates-summary').filter({ hasText: '3 modelos guardados (2 aprovados).' }).waitFor();
    expect(reads()).toBe(before + 1);
    await keepScreenshot(SHOTS, page, 'templates-synced');
  });

  it('shows the templates without the button to a connections manager who is not an admin', async () => {
    const { page, summary } = await openDialog(manager);
    expect(await summary.textContent()).toContain('modelos guardados');
    expect(await page.getByTestId('cloud-templates-sync').count()).toBe(0);
  });
});
