import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FakeGraph } from '@guiche/meta-graph/testing';
import schedulesPlugin from '@guiche/plugin-schedules';
import { keepScreenshot, logIn, newPage } from './support/browser.js';
import { startCloudWorld, stopCloudWorld, type CloudWorld } from './support/cloud-world.js';

/**
 * A schedule from a ticket of a WhatsApp Cloud API connection in chromium (issue #29): free text to a
 * contact outside the 24-hour window is refused with the translated reason naming the fix; the
 * template fields (shown only for Cloud API connections) take a template and its variables, preview
 * the text, and the schedule reaches the fake Graph API as a template message.
 */
const SHOTS = process.env.SCHEDULES_SHOTS;
let world: CloudWorld;
let fake: FakeGraph;
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let conn: number;

/** 'YYYY-MM-DDTHH:mm:ss' on São Paulo's clock (UTC−3). */
function spInput(instant: Date): string {
  return new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
}

beforeAll(async () => {
  world = await startCloudWorld({ plugins: [schedulesPlugin], planFlags: { useSchedules: true }, config: { TIMED_WORK_POLL_MS: 200 }, built: ['web-modules/schedules/dist/mf-manifest.json'] });
  ({ fake, kernel, company, browser } = world);
  conn = world.cloud.id;
});

afterAll(() => stopCloudWorld(world));

describe('a schedule by template on a Cloud API connection, in the browser', () => {
  it('refuses free text outside the window with the fix named, then sends the chosen template', async () => {
    const companyId = company.company.id;
    const [{ id: contactId }] = await kernel.db('contacts').insert({ companyId, name: 'Paula Nuvem', number: '5511987659001', channel: 'whatsapp' }).returning('id');
    const [ticket] = await kernel.db('tickets').insert({ companyId, contactId, whatsappId: conn, status: 'open', userId: company.admin.user.id, lastMessage: 'Oi' }).returning(['id', 'uuid']);
    const page = await newPage(browser, kernel, { viewport: { width: 1400, height: 860 } });
    await logIn(page, company.admin, `/tickets/${ticket.uuid}`);
    await page.getByTestId('ticket-header').waitFor();
    await page.getByTestId('ticket-more').click();
    await page.getByTestId('ticket-schedule').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    await expect.poll(() => page.locator('#schedule-connection').inputValue()).toBe(String(conn));
    await page.getByTestId('schedule-template').waitFor();
    await page.locator('#schedule-body').fill('Seu pedido chegou');
    await page.getByTestId('schedule-save').click();
    await page.locator('.bp6-toast', { hasText: 'A janela de 24 horas deste contato está fechada' }).waitFor();

    await page.locator('#schedule-template').selectOption({ label: 'hello_world (en_US)' });
    // The template replaces the text and the attachment.
    expect(await page.locator('#schedule-body').count()).toBe(0);
    await page.getByTestId('schedule-template-var-0').fill('Paula');
    await page.getByTestId('schedule-template-var-1').fill('#12');
    await expect.poll(() => page.getByTestId('schedule-template-preview').textContent()).toBe('Hello Paula, your order #12 is ready.');
    await page.locator('#schedule-send-at').fill(spInput(new Date(Date.now() + 3_000)));
    await keepScreenshot(SHOTS, page, 'schedule-cloud-template');
    await page.getByTestId('schedule-save').click();
    await dialog.waitFor({ state: 'detached' });

    const call = await fake.nextCall((x) => x.body?.type === 'template' && x.body.to === '5511987659001', 60_000);
    expect(call.body.template.components[0].parameters).toEqual([
      { type: 'text', text: 'Paula' },
      { type: 'text', text: '#12' },
    ]);
    const schedule = await waitFor(async () => {
      const row = await kernel.db('schedules').where({ contactId }).first();
      return row?.status === 'ENVIADA' ? row : null;
    });
    expect(schedule).toMatchObject({ body: 'Hello Paula, your order #12 is ready.', template: { name: 'hello_world', language: 'en_US', variables: ['Paula', '#12'] } });
    // The conversation shows what the customer reads.
    await page.getByTestId('conversation-panel').getByTestId('message').filter({ hasText: 'Hello Paula, your order #12 is ready.' }).waitFor();
  }, 120_000);
});
