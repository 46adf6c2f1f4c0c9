import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { signatureHeader } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel, type TestUser } from '@guiche/core/testing';
import webchatPlugin from '@guiche/plugin-channel-webchat';
import flowBuilder from '@guiche/plugin-flow-builder';
import { closeBrowser, launchChromium, logIn, newPage, requireBuiltWeb, webRoot } from './support/browser.js';
import { apiOk } from './support/api.js';
import { serveWidgetSite, type WidgetSite } from './support/widget-site.js';

/**
 * Issue 34 in the browser: an admin draws message → menu → set queue on the canvas, publishes it,
 * a website visitor walks it in the real widget into the chosen queue, and the counters move.
 */
let kernel: TestKernel;
let browser: Browser;
let site: WidgetSite;
let admin: TestUser;
let salesQueue: number;
let connectionId: number;

beforeAll(async () => {
  requireBuiltWeb('web-shell/dist/index.html', 'web-modules/flow-builder/dist/mf-manifest.json');
  kernel = await createTestKernel({ serveWeb: true, plugins: [webchatPlugin, flowBuilder], config: { WEB_ROOT: webRoot } });
  browser = await launchChromium();
  const company = await kernel.createCompany();
  admin = company.admin;
  salesQueue = (await apiOk(kernel, 'POST', '/queue', admin.token, { name: 'Vendas', color: '#2965CC', greetingMessage: 'Vendas.' })).id;
  const conn = await apiOk(kernel, 'POST', '/whatsapp', admin.token, { name: 'Site', channel: 'webchat' });
  connectionId = conn.id;
  await waitFor(async () => (await kernel.db('whatsapps').where({ id: conn.id }).first('status')).status === 'CONNECTED');
  const widgetKey = (await apiOk(kernel, 'GET', `/webchat/sites/${conn.id}`, admin.token)).token;
  site = await serveWidgetSite(kernel.apiUrl, widgetKey, { lang: 'pt' });
});

afterAll(async () => {
  await closeBrowser(browser);
  await site?.close();
  await kernel?.close();
});

const node = (page: Page, type: string) => page.locator(`[data-testid="fb-node"][data-node-type="${type}"]`);

/** Drags from a block's output handle to another block's input. */
/** Drags from an output to a block's input until the canvas shows the new line (a drag a loaded machine dropped is made again, as a person would). */
async function connect(page: Page, from: Locator, handle: string, to: Locator): Promise<void> {
  const edges = page.locator('.react-flow__edge');
  const before = await edges.count();
  for (let attempt = 1; attempt <= 3; attempt++) {
    const a = (await from.locator(`.react-flow__handle[data-handleid="${handle}"]`).boundingBox())!;
    const b = (await to.locator('.react-flow__handle.target').boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    const drawn = await expect
      .poll(() => edges.count(), { timeout: 3_000 })
      .toBe(before + 1)
      .then(() => true, () => false);
    if (drawn) return;
  }
  throw new Error(`the canvas never drew the line from ${handle}`);
}

describe('the flow builder in the browser', () => {
  it('draws message → menu → set queue, publishes it, a visitor walks it into the queue and the counters move', async () => {
    const page = await newPage(browser, kernel, { viewport: { width: 1500, height: 1000 } });
    await logIn(page, admin);
    await page.getByTestId('tickets-page').waitFor();
    await page.goto('/flowbuilder');
    await page.getByTestId('flows-page').waitFor();
    await page.getByTestId('flows-add').click();
    await page.getByTestId('flow-name').fill('Boas-vindas do site');
    await page.getByTestId('flow-create').click();
    await page.getByTestId('flow-editor').waitFor();

    await page.getByTestId('fb-add-message').click();
    await page.getByTestId('fb-field-text').fill('Bem-vindo ao site!');
    await page.getByTestId('fb-add-menu').click();
    await page.getByTestId('fb-field-text').fill('Escolha uma opção:');
    await page.getByTestId('fb-field-options').fill('Vendas\nSair');
    await page.getByTestId('fb-add-setQueue').click();
    await page.getByTestId('fb-field-queueId').selectOption(String(salesQueue));
    await page.getByTestId('fb-add-end').click();
    // Unconnected outputs: publishing is refused, on the canvas.
    await expect.poll(() => page.getByTestId('fb-publish').isDisabled()).toBe(true);
    expect(await node(page, 'menu').getByTestId('fb-node-problems').innerText()).toContain('Saída sem ligação');

    await page.locator('.react-flow__controls-fitview').click();
    await connect(page, node(page, 'start'), 'next', node(page, 'message'));
    await connect(page, node(page, 'message'), 'next', node(page, 'menu'));
    const options = await node(page, 'menu').locator('.react-flow__handle.source').evaluateAll((hs) => hs.map((h) => h.getAttribute('data-handleid')!));
    await connect(page, node(page, 'menu'), options[0]!, node(page, 'setQueue'));
    await connect(page, node(page, 'menu'), options[1]!, node(page, 'end'));
    await connect(page, node(page, 'menu'), 'invalid', node(page, 'end'));
    await connect(page, node(page, 'setQueue'), 'next', node(page, 'end'));
    await expect.poll(() => page.getByTestId('fb-problems').innerText()).toBe('Pronto para publicar');
    await page.getByTestId('fb-publish').click();
    await expect.poll(() => page.getByTestId('fb-live').innerText()).toBe('Publicado: versão 1');

    // The simulator walks the draft as a customer would, sending nothing.
    await page.getByTestId('fb-simulate').click();
    await page.getByTestId('fb-sim-start').click();
    const said = page.getByTestId('fb-sim-bot');
    await expect.poll(() => said.count()).toBe(2);
    expect(await said.nth(0).innerText()).toBe('Bem-vindo ao site!');
    expect(await said.nth(1).innerText()).toContain('1 - Vendas');
    await page.getByTestId('fb-sim-answer').fill('1');
    await page.getByTestId('fb-sim-send').click();
    await expect.poll(() => page.getByTestId('fb-sim-me').innerText()).toBe('1');
    await expect.poll(() => page.getByTestId('fb-sim-note').last().innerText()).toBe(`Transferido (fila ${salesQueue}, atendente -)`);
    expect(await kernel.db('messages').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await kernel.db('flowBuilderRuns').count({ n: '*' })).toEqual([{ n: 0 }]);
    await page.getByRole('button', { name: 'Fechar o simulador' }).click();

    // The connection's default flow, chosen in the triggers form; an empty keyword cannot be saved.
    await page.getByTestId('fb-triggers-open').click();
    await page.getByTestId('fb-trigger-add').click();
    await expect.poll(() => page.getByTestId('fb-triggers-save').isDisabled()).toBe(true);
    const row = page.getByTestId('fb-trigger-0');
    await row.getByTestId('fb-trigger-kind').selectOption('default');
    await row.getByTestId('fb-trigger-connection').selectOption(String(connectionId));
    await page.getByTestId('fb-triggers-save').click();
    const flow = await kernel.db('flowBuilderFlows').first('id');
    await expect.poll(() => kernel.db('flowBuilderTriggers').where({ flowId: flow.id }).select('kind', 'connectionId')).toEqual([{ kind: 'default', connectionId }]);
    await page.getByTestId('fb-triggers-open').click();
    await expect.poll(() => page.getByTestId('fb-trigger-0').getByTestId('fb-trigger-kind').inputValue()).toBe('default');

    // The webhook's signing secret: a new flow's is hidden; a new one, after a confirmation, is shown once and signs the calls.
    const secret = page.getByTestId('fb-hook-secret');
    await expect.poll(() => secret.getByTestId('fb-hook-secret-value').inputValue()).toMatch(/^•+$/);
    await secret.getByTestId('fb-hook-secret-generate').click();
    await page.getByRole('dialog', { name: 'Gerar novo segredo' }).getByRole('button', { name: 'Gerar novo segredo' }).click();
    await expect.poll(() => secret.getByTestId('fb-hook-secret-value').inputValue()).toMatch(/^whsec_/);
    const shown = await secret.getByTestId('fb-hook-secret-value').inputValue();
    const hookUrl = await page.getByTestId('fb-trigger-hook').inputValue();
    const call = (raw: string, key: string) =>
      fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-guiche-signature': signatureHeader(key, raw) }, body: raw }).then((r) => r.status);
    // Signed with the shown secret the call passes the signature and reaches the input check; with another it stops at the door.
    expect(await call('{"number":"12"}', shown)).toBe(400);
    expect(await call('{"number":"12"}', 'whsec_not-the-flows')).toBe(401);
    await page.keyboard.press('Escape');

    const visitor = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
    await visitor.goto(site.url);
    await visitor.getByTestId('webchat-launcher').click();
    const form = visitor.getByTestId('webchat-form');
    await form.locator('input[name="name"]').fill('Bruna Visitante');
    await form.locator('input[name="email"]').fill('bruna@exemplo.com');
    await form.locator('button').click();
    await expect.poll(() => visitor.getByTestId('webchat-status').textContent(), { timeout: 20_000 }).toBe('Online');
    const fromCompany = visitor.getByTestId('webchat-message').and(visitor.locator('[data-from="agent"]'));
    await visitor.getByTestId('webchat-input').fill('oi');
    await visitor.getByTestId('webchat-input').press('Enter');
    await expect.poll(() => fromCompany.count()).toBe(2);
    expect(await fromCompany.nth(0).innerText()).toContain('Bem-vindo ao site!');
    expect(await fromCompany.nth(1).innerText()).toContain('1 - Vendas');
    await visitor.getByTestId('webchat-input').fill('1');
    await visitor.getByTestId('webchat-input').press('Enter');
    const ticket = await waitFor(async () => {
      const t = await kernel.db('tickets').where({ whatsappId: connectionId }).first();
      return t && !t.useIntegration ? t : undefined;
    });
    expect(ticket).toMatchObject({ queueId: salesQueue, status: 'pending' });

    // The counters on the canvas (refreshed every few seconds).
    await expect.poll(() => node(page, 'setQueue').getByTestId('fb-node-counters').innerText(), { timeout: 15_000 }).toContain('Entraram 1');

    // Editing helpers: Ctrl+D duplicates the chosen block and Ctrl+Z takes the copy back; auto-layout
    // ranks the blocks from the start down, each below the one leading to it.
    const messages = node(page, 'message');
    await messages.click();
    await page.keyboard.press('Control+d');
    await expect.poll(() => messages.count()).toBe(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => messages.count()).toBe(1);
    const top = async (type: string) => (await node(page, type).boundingBox())!;
    const before = await Promise.all(['start', 'message', 'menu', 'setQueue', 'end'].map(top));
    await page.getByTestId('fb-arrange').click();
    await expect.poll(async () => JSON.stringify(await Promise.all(['start', 'message', 'menu', 'setQueue', 'end'].map(top)))).not.toBe(JSON.stringify(before));
    const after = await Promise.all(['start', 'message', 'menu', 'setQueue', 'end'].map(top));
    for (let i = 1; i < after.length; i++) expect(after[i]!.y).toBeGreaterThan(after[i - 1]!.y + after[i - 1]!.height);

    // The HTTP block's headers and response map are rows (add, remove); a row that would not work says why under it.
    await page.getByTestId('fb-add-http').click();
    await page.getByTestId('fb-field-url').fill('https://erp.exemplo.com/pedidos/{{pedido}}');
    await page.getByTestId('fb-row-headers-add').click();
    const header = page.getByTestId('fb-row-headers').last();
    await header.getByTestId('fb-row-headers-name').fill('X Loja');
    await header.getByTestId('fb-row-headers-value').fill('loja-{{pedido}}');
    await expect.poll(() => header.getByTestId('fb-row-headers-problem').innerText()).toContain('Nome de cabeçalho inválido');
    await header.getByTestId('fb-row-headers-name').fill('X-Loja');
    await expect.poll(() => header.getByTestId('fb-row-headers-problem').count()).toBe(0);
    await page.getByTestId('fb-row-headers-add').click();
    await expect.poll(() => page.getByTestId('fb-row-headers').count()).toBe(2);
    await page.getByTestId('fb-row-headers-remove').last().click();
    await expect.poll(() => page.getByTestId('fb-row-headers').count()).toBe(1);
    await page.getByTestId('fb-row-responseMap-add').click();
    const mapped = page.getByTestId('fb-row-responseMap').last();
    await mapped.getByTestId('fb-row-responseMap-path').fill('order.status');
    await mapped.getByTestId('fb-row-responseMap-variable').fill('status');
    await page.getByTestId('fb-save').click();
    await expect
      .poll(async () => (await kernel.db('flowBuilderFlows').where({ id: flow.id }).first('graph')).graph.nodes.find((n: { type: string }) => n.type === 'http')?.data)
      .toMatchObject({ headers: [{ name: 'X-Loja', value: 'loja-{{pedido}}' }], responseMap: [{ path: 'order.status', variable: 'status' }] });
  });

  it('shows the visitor "digitando…" in the widget during a message\'s typing delay, then the message', async () => {
    const graph = {
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'slow', type: 'message', position: { x: 0, y: 120 }, data: { text: 'Conferi seu pedido: tudo certo!', typingSeconds: 30 } },
        { id: 'end', type: 'end', position: { x: 0, y: 240 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', sourceHandle: 'next', target: 'slow' },
        { id: 'e2', source: 'slow', sourceHandle: 'next', target: 'end' },
      ],
    };
    const flow = await apiOk(kernel, 'POST', '/flowbuilder', admin.token, { name: 'Digitando', graph });
    await apiOk(kernel, 'POST', `/flowbuilder/${flow.id}/publish`, admin.token);
    await apiOk(kernel, 'PUT', `/flowbuilder/${flow.id}/triggers`, admin.token, { triggers: [{ kind: 'keyword', connectionId, phrase: 'meu pedido', match: 'exact' }] });

    const visitor = await newPage(browser, kernel, { viewport: { width: 1000, height: 760 } });
    await visitor.goto(site.url);
    await visitor.getByTestId('webchat-launcher').click();
    await visitor.getByTestId('webchat-form').locator('button').click();
    const status = visitor.getByTestId('webchat-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Online');
    await visitor.getByTestId('webchat-input').fill('meu pedido');
    await visitor.getByTestId('webchat-input').press('Enter');

    // The delay is the run's durable timer: the widget says the company is typing while it waits.
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('digitando…');
    const fromCompany = visitor.getByTestId('webchat-message').and(visitor.locator('[data-from="agent"]'));
    expect(await fromCompany.count()).toBe(0);
    const timer = await waitFor(() => kernel.db('timedWork').where({ kind: 'flow-builder.resume' }).whereRaw(`payload->>'nodeId' = 'slow'`).first());
    await kernel.kernel.core.timedWork.runDue(new Date(new Date(timer.dueAt).getTime() + 1));
    await expect.poll(() => fromCompany.count(), { timeout: 15_000 }).toBe(1);
    expect(await fromCompany.first().innerText()).toContain('Conferi seu pedido: tudo certo!');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Online');
  });
  it("uploads a file from the computer into a message block, shows its name and type, saves it and removes it", async () => {
    const graph = {
      nodes: [
        { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'doc', type: 'message', position: { x: 0, y: 120 }, data: { text: 'Segue o catálogo' } },
        { id: 'end', type: 'end', position: { x: 0, y: 240 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', sourceHandle: 'next', target: 'doc' },
        { id: 'e2', source: 'doc', sourceHandle: 'next', target: 'end' },
      ],
    };
    const flow = await apiOk(kernel, 'POST', '/flowbuilder', admin.token, { name: 'Com arquivo', graph });
    const page = await newPage(browser, kernel, { viewport: { width: 1500, height: 1000 } });
    await logIn(page, admin);
    await page.getByTestId('tickets-page').waitFor();
    await page.goto(`/flowbuilder/${flow.id}`);
    await page.getByTestId('flow-editor').waitFor();
    await node(page, 'message').click();
    await page.getByTestId('fb-media-input').setInputFiles({ name: 'catalogo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 catálogo') });
    await expect.poll(() => page.getByTestId('fb-media-file').innerText()).toContain('catalogo.pdf');
    expect(await page.getByTestId('fb-media-type').innerText()).toBe('Documento');
    // A file replaces the URL fields.
    expect(await page.getByTestId('fb-field-mediaUrl').count()).toBe(0);
    await page.getByTestId('fb-save').click();
    const saved = await waitFor(async () => (await kernel.db('flowBuilderFlows').where({ id: flow.id }).first('graph')).graph.nodes.find((n: { id: string }) => n.id === 'doc')?.data.mediaFile);
    expect(saved).toMatchObject({ mimetype: 'application/pdf', fileName: 'catalogo.pdf' });
    expect((await kernel.kernel.core.storage.read(saved.path)).toString()).toBe('%PDF-1.4 catálogo');
    await page.getByTestId('fb-media-remove').click();
    await page.getByTestId('fb-media-choose').waitFor();
    expect(await page.getByTestId('fb-field-mediaUrl').count()).toBe(1);
  });
});
