import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestCompany, TestKernel } from '@guiche/core/testing';
import { addShippedTemplate, type CloudConnection, type FakeGraph } from '@guiche/meta-graph/testing';
import campaignsPlugin from '@guiche/plugin-campaigns';
import { contactList } from '../plugins/campaigns/test/support.js';
import { keepScreenshot, logIn, newPage } from './support/browser.js';
import { startCloudWorld, stopCloudWorld, type CloudWorld } from './support/cloud-world.js';

/**
 * A campaign on a WhatsApp Cloud API connection in chromium (issue #29): free text to contacts who
 * never wrote is refused with the translated reason naming the fix; the template picker (shown
 * only for Cloud API connections) takes a template and its variables, previews the text, and the
 * campaign reaches the fake Graph API as template messages with the placeholders filled.
 */
const SHOTS = process.env.CAMPAIGNS_SHOTS;
let world: CloudWorld;
let fake: FakeGraph;
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let cloud: CloudConnection;

function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

beforeAll(async () => {
  world = await startCloudWorld({ plugins: [campaignsPlugin], planFlags: { useCampaigns: true }, config: { TIMED_WORK_POLL_MS: 200 }, built: ['web-modules/campaigns/dist/mf-manifest.json'] });
  ({ fake, kernel, company, browser, cloud } = world);
  await kernel.api('POST', '/campaign-settings', { token: company.admin.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });
});

afterAll(() => stopCloudWorld(world));

/** The campaign dialog open on a new campaign named `name` for the contact list `listName`, the Cloud API connection chosen. */
async function newCloudCampaign(name: string, listName: string): Promise<{ page: Page; dialog: ReturnType<Page['getByTestId']> }> {
  const page: Page = await newPage(browser, kernel, { viewport: { width: 1400, height: 900 } });
  await logIn(page, company.admin, '/campaigns');
  await page.getByTestId('campaigns-page').waitFor();
  await page.getByTestId('campaigns-add').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.waitFor();
  await page.locator('#campaign-name').fill(name);
  await page.locator('#campaign-list').selectOption({ label: listName });
  // No picker until a Cloud API connection is chosen.
  expect(await page.getByTestId('campaign-template').count()).toBe(0);
  await dialog.getByTestId('campaign-connections').getByText('Oficial Meta').click();
  await page.getByTestId('campaign-template').waitFor();
  return { page, dialog };
}

describe('a campaign by template on a Cloud API connection, in the browser', () => {
  it('refuses free text outside the window with the fix named, then sends the chosen template with its variables', async () => {
    const list = await contactList(kernel, company, 2);
    await kernel.db('contactLists').where({ id: list.id }).update({ name: 'Clientes API' });
    const { page, dialog } = await newCloudCampaign('Aviso de pedido', 'Clientes API');
    await page.getByTestId('campaign-message-1').fill('Oi {nome}');
    await page.getByTestId('campaign-save').click();
    await page.locator('.bp6-toast', { hasText: 'A janela de 24 horas deste contato está fechada' }).waitFor();

    // Only approved templates are offered; one field per variable and a preview.
    const options = await page.locator('#campaign-template option').allTextContents();
    expect(options.slice(1)).toEqual(['hello_world (en_US)']);
    await page.locator('#campaign-template').selectOption({ label: 'hello_world (en_US)' });
    await page.getByTestId('campaign-template-var-0').fill('{nome}');
    await page.getByTestId('campaign-template-var-1').fill('#7');
    await expect.poll(() => page.getByTestId('campaign-template-preview').textContent()).toBe('Hello {nome}, your order #7 is ready.');
    await page.locator('#campaign-scheduled-at').fill(localInput(new Date(Date.now() + 3_000)));
    await keepScreenshot(SHOTS, page, 'campaign-cloud-template');
    await page.getByTestId('campaign-save').click();
    await dialog.waitFor({ state: 'detached' });

    const calls = await Promise.all(list.numbers.map((to) => fake.nextCall((call) => call.body?.type === 'template' && call.body.to === to, 60_000)));
    expect(calls.map((call) => call.body.template.components[0].parameters.map((p: { text: string }) => p.text))).toEqual([
      ['Pessoa 1', '#7'],
      ['Pessoa 2', '#7'],
    ]);
    expect(fake.calls.filter((call) => call.body?.type === 'text')).toEqual([]);
  }, 120_000);

  it('fills a template\'s header variable and URL button suffix with contact placeholders; they reach Graph in Meta\'s components', async () => {
    await addShippedTemplate(kernel, fake, company, cloud);
    const list = await contactList(kernel, company, 1);
    await kernel.db('contactLists').where({ id: list.id }).update({ name: 'Clientes Pedido' });
    const { page, dialog } = await newCloudCampaign('Pedido enviado', 'Clientes Pedido');
    await page.locator('#campaign-template').selectOption({ label: 'order_shipped (pt_BR)' });
    await page.getByTestId('campaign-template-var-0').fill('{nome}');
    await page.getByTestId('campaign-template-header-0').fill('#{numero}');
    await page.getByTestId('campaign-template-button-0').fill('R-{numero}');
    await expect.poll(() => page.getByTestId('campaign-template-preview').locator('strong').textContent()).toBe('Pedido #{numero}');
    await page.locator('#campaign-scheduled-at').fill(localInput(new Date(Date.now() + 3_000)));
    await page.getByTestId('campaign-save').click();
    await dialog.waitFor({ state: 'detached' });

    const [to] = list.numbers;
    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.template.name === 'order_shipped' && x.body.to === to, 60_000);
    expect(call.body.template.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: `#${to}` }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Pessoa 1' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: `R-${to}` }] },
    ]);
  }, 120_000);
});
