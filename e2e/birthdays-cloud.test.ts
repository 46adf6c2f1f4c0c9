import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestCompany, TestKernel } from '@guiche/core/testing';
import type { CloudConnection } from '@guiche/meta-graph/testing';
import { logIn, newPage } from './support/browser.js';
import { startCloudWorld, stopCloudWorld, type CloudWorld } from './support/cloud-world.js';

/**
 * Settings → Options with birthday greetings on and a WhatsApp Cloud API connection (issue #33): the
 * admin sees that a greeting was skipped for want of a template, picks the connection's approved
 * template with the contact's first name in a variable (preview), saves it, and the warning goes.
 */
let world: CloudWorld;
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;
let cloud: CloudConnection;

beforeAll(async () => {
  world = await startCloudWorld();
  ({ kernel, company, browser } = world);
  cloud = world.cloud;
});

afterAll(() => stopCloudWorld(world));

describe('birthday template of a Cloud API connection in the settings', () => {
  it('shows the skipped greetings, saves the chosen template with its variables, and the warning goes', async () => {
    expect((await kernel.api('PUT', '/settings/birthdayMessages', { token: company.admin.token, body: { value: 'enabled' } })).status).toBe(200);
    // A greeting that found no template on this connection (as the daily run records it).
    const [contact] = await kernel.db('contacts').insert({ companyId: company.company.id, name: 'Ana Lima', number: '5511955554444', channel: 'whatsappapi', birthday: '1990-01-01' }).returning('id');
    await kernel.db('birthdaySkips').insert({ companyId: company.company.id, whatsappId: cloud.id, contactId: contact.id, day: '2026-01-01', reason: 'noTemplate' });

    const page = await newPage(browser, kernel);
    await logIn(page, company.admin, '/settings');
    const prefix = `birthday-template-${cloud.id}`;
    await page.getByTestId(`${prefix}-skipped`).waitFor();
    expect(await page.getByTestId(`${prefix}-skipped`).textContent()).toContain('escolha um modelo');

    await page.locator(`#${prefix}`).selectOption({ label: 'hello_world (en_US)' });
    await page.getByTestId(`${prefix}-var-0`).fill('{{firstName}}');
    await page.getByTestId(`${prefix}-var-1`).fill('feliz aniversário');
    await expect.poll(() => page.getByTestId(`${prefix}-preview`).textContent()).toContain('Hello {{firstName}}, your order feliz aniversário is ready.');
    await page.getByTestId(`${prefix}-save`).click();

    await expect.poll(async () => (await kernel.api('GET', '/birthdays/templates', { token: company.admin.token })).body.connections[0]).toMatchObject({
      id: cloud.id,
      template: { name: 'hello_world', language: 'en_US', variables: ['{{firstName}}', 'feliz aniversário'] },
      skipped: 0,
    });
    await expect.poll(() => page.getByTestId(`${prefix}-skipped`).count()).toBe(0);
  }, 90_000);
});
