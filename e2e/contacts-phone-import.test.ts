import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld } from '../core/test/channels-fake-channel.js';
import { fakeWhatsapp } from '../plugins/external-api/test/support.js';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * Contacts → Import / Export → "Import from phone" and "Import chats from phone" in Debian's chromium:
 * the default connection's running (fake) WhatsApp session hands over its address book and its chats;
 * the dialog shows the result and the list shows the new people live.
 */

const world = new FakeWorld();
let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, plugins: [fakeWhatsapp(world)], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});
afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

describe('import from phone', () => {
  it('imports the address book, then the chats, with the outcome in the dialog and the people in the list', async () => {
    const company = await kernel.createCompany();
    const created = await kernel.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Celular', channel: 'whatsapp', isDefault: true } });
    expect(created.status).toBe(201);
    const connectionId = created.body.id as number;
    await waitFor(async () => (await kernel.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
    world.addressBook = [
      { id: '5511944440001', number: '5511944440001', name: 'Agenda Ana' },
      { id: '5511944440002', number: '5511944440002', name: 'Agenda Beto' },
      { id: '12', number: '12', name: 'Curto' },
    ];
    world.chats = [{ id: '5511944440003', number: '5511944440003', name: 'Conversa Caio' }];

    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/contacts`);
    await page.getByTestId('contacts-import-export').click();
    await page.getByTestId('contacts-import-phone').click();
    await page.getByTestId('phone-import-start').click();
    await expect.poll(() => page.getByTestId('import-created').textContent()).toBe('Criados: 2');
    expect(await page.getByTestId('import-failed').textContent()).toBe('Com erro: 1');
    expect(await page.getByTestId('import-error-row').innerText()).toContain('3');
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('contact-name').allInnerTexts()).toEqual(expect.arrayContaining(['Agenda Ana', 'Agenda Beto']));

    await page.getByTestId('contacts-import-export').click();
    await page.getByTestId('contacts-import-chats').click();
    await page.getByTestId('phone-import-start').click();
    await expect.poll(() => page.getByTestId('import-created').textContent()).toBe('Criados: 1');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('contact-name').allInnerTexts()).toContain('Conversa Caio');
    const imported = await kernel.db('contacts').where({ companyId: company.company.id }).whereIn('number', ['5511944440001', '5511944440002', '5511944440003']).pluck('name');
    expect(imported.sort()).toEqual(['Agenda Ana', 'Agenda Beto', 'Conversa Caio']);
    await page.close();
  });
});
