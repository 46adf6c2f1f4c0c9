import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';

/**
 * "Merge contacts" (issue #31) in Debian's chromium: an admin picks the duplicate of a contact,
 * reads what moves, confirms, and the duplicate leaves the list while its conversation joins the
 * kept contact's open ticket. A plain user has no such action.
 */

let kernel: TestKernel;
let browser: Browser;

beforeAll(async () => {
  requireBuiltWeb();
  kernel = await createTestKernel({ serveWeb: true, config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
});
afterAll(async () => {
  await closeBrowser(browser);
  await kernel?.close();
});

describe('merge contacts', () => {
  it('an admin merges a duplicate after its preview; a plain user sees no merge action', async () => {
    const company = await kernel.createCompany();
    const companyId = company.company.id;
    const agent = await kernel.createUser(companyId, { profile: 'user' });
    const [connection] = await kernel.db('whatsapps').insert({ companyId, name: 'Celular', channel: 'whatsapp', status: 'CONNECTED', token: `merge-e2e-${companyId}` }).returning('id');
    const [kept] = await kernel.db('contacts').insert({ companyId, name: 'Renata Alves', number: '5511955550001', channel: 'whatsapp' }).returning('id');
    const [dup] = await kernel.db('contacts').insert({ companyId, name: 'Renata (celular novo)', number: '5511955550002', channel: 'whatsapp' }).returning('id');
    const ticketOf = async (contactId: number, body: string) => {
      const [ticket] = await kernel.db('tickets').insert({ companyId, contactId, whatsappId: connection.id, status: 'pending', unreadMessages: 1 }).returning('id');
      await kernel.db('messages').insert({ companyId, ticketId: ticket.id, contactId, whatsappId: connection.id, body, fromMe: false, wid: `E2E-${body}` });
      return ticket.id as number;
    };
    const keptTicket = await ticketOf(kept.id, 'primeira conversa');
    await ticketOf(dup.id, 'segunda conversa');

    const agentPage = await newPage(browser, kernel);
    await logIn(agentPage, agent, `${kernel.url}/contacts`);
    await agentPage.getByTestId('contact-row').first().waitFor();
    expect(await agentPage.getByTestId('contact-merge').count()).toBe(0);
    await agentPage.close();

    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, `${kernel.url}/contacts`);
    const row = page.getByTestId('contact-row').filter({ has: page.getByTestId('contact-name').getByText('Renata Alves', { exact: true }) });
    await row.getByTestId('contact-merge').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('contact-merge-other').fill('celular novo');
    await page.getByTestId('contact-merge-option').filter({ hasText: 'Renata (celular novo)' }).click();
    const preview = dialog.getByTestId('contact-merge-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('merge-moves-tickets').innerText()).toBe('1 ticket');
    expect(await preview.getByTestId('merge-moves-messages').innerText()).toBe('1 mensagem');
    expect(await preview.getByTestId('merge-moves-joined').innerText()).toContain('1 ticket aberto');
    expect(await preview.innerText()).toContain('Renata (celular novo) será removido');

    await dialog.getByTestId('contact-merge-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('contact-name').allInnerTexts()).not.toContain('Renata (celular novo)');
    expect(await page.getByTestId('contact-name').allInnerTexts()).toContain('Renata Alves');

    expect(await kernel.db('contacts').where({ id: dup.id }).first()).toBeUndefined();
    const bodies = await kernel.db('messages').where({ ticketId: keptTicket }).orderBy('id').select('body');
    expect(bodies.map((b) => b.body)).toEqual(['primeira conversa', 'segunda conversa']);
    expect(await kernel.db('contactMerges').where({ keptContactId: kept.id }).first()).toMatchObject({ reason: 'manual', userId: company.admin.user.id });
    await page.close();
  });
});
