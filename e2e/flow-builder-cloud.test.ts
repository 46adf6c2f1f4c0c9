import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestCompany, TestKernel } from '@guiche/core/testing';
import flowBuilder from '@guiche/plugin-flow-builder';
import { logIn, newPage } from './support/browser.js';
import { startCloudWorld, stopCloudWorld, type CloudWorld } from './support/cloud-world.js';

/**
 * A message block's WhatsApp Cloud API template in the editor (issue 29): with a Cloud API connection
 * the block offers its approved templates (the shared picker), takes the variables (flow variables
 * allowed), previews the text, and the saved draft keeps name, language and variables.
 */
let world: CloudWorld;
let kernel: TestKernel;
let browser: Browser;
let company: TestCompany;

beforeAll(async () => {
  world = await startCloudWorld({ plugins: [flowBuilder], built: ['web-modules/flow-builder/dist/mf-manifest.json'] });
  ({ kernel, company, browser } = world);
});

afterAll(() => stopCloudWorld(world));

describe("a message block's template for a closed window", () => {
  it('picks an approved template and its variables, and the draft keeps them', async () => {
    const created = await kernel.api('POST', '/flowbuilder', { token: company.admin.token, body: { name: 'Entrega' } });
    expect(created.status).toBe(201);
    const page = await newPage(browser, kernel, { viewport: { width: 1500, height: 1000 } });
    await logIn(page, company.admin, `/flowbuilder/${created.body.id}`);
    await page.getByTestId('flow-editor').waitFor();
    await page.getByTestId('fb-add-message').click();
    await page.getByTestId('fb-field-text').fill('Seu pedido {{pedido}} saiu');
    await page.getByTestId('fb-template').waitFor();
    // Approved templates only.
    await expect.poll(() => page.locator('#fb-template-fields option').allTextContents()).toEqual(['Nenhum — sem a janela, o ticket vai para os atendentes', 'hello_world (en_US)']);
    await page.locator('#fb-template-fields').selectOption({ label: 'hello_world (en_US)' });
    await page.getByTestId('fb-template-fields-var-0').fill('Ana');
    await page.getByTestId('fb-template-fields-var-1').fill('{{pedido}}');
    await expect.poll(() => page.getByTestId('fb-template-fields-preview').textContent()).toBe('Hello Ana, your order {{pedido}} is ready.');
    await page.getByTestId('fb-save').click();
    await expect
      .poll(async () => (await kernel.db('flowBuilderFlows').where({ id: created.body.id }).first('graph')).graph.nodes.find((n: { type: string }) => n.type === 'message')?.data)
      .toMatchObject({ text: 'Seu pedido {{pedido}} saiu', template: { name: 'hello_world', language: 'en_US', variables: ['Ana', '{{pedido}}'] } });
  });
});
