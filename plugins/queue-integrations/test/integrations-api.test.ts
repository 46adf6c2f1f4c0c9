import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createQueueIntegrationsPlugin } from '../src/plugin.js';
import { startFakeDialogflow, type FakeDialogflow } from './fakes.js';

/** /queueIntegration (outreach-config.md §3, §5, §7): CRUD, validation, masking, tenants, plan flag, live events, testSession. */
let k: TestKernel;
let a: TestCompany;
let b: TestCompany;
let df: FakeDialogflow;

beforeAll(async () => {
  df = await startFakeDialogflow();
  k = await createTestKernel({ plugins: [createQueueIntegrationsPlugin({ allowPrivate: true, dialogflowApi: df.url, limits: { timeoutMs: 2000, retries: 1, backoffMs: 50 } })] });
  a = await k.createCompany();
  b = await k.createCompany();
});
afterAll(async () => {
  await k?.close();
  await df?.close();
});

const create = (c: TestCompany, body: Record<string, unknown>) => k.api('POST', '/queueIntegration', { token: c.admin.token, body });

describe('queue integrations API', () => {
  it('creates each type with its fields and defaults; projectName is the name except for DialogFlow', async () => {
    const typebot = await create(a, { type: 'typebot', name: 'Robô da loja', urlN8N: 'http://typebot.local', typebotSlug: 'atendimento', typebotKeywordFinish: 'sair' });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({ type: 'typebot', name: 'Robô da loja', projectName: 'Robô da loja', typebotExpires: 1, typebotDelayMessage: 1000, typebotSlug: 'atendimento', urlN8N: 'http://typebot.local' });
    const n8n = await create(a, { type: 'n8n', name: 'Fluxo', projectName: 'ignored', urlN8N: 'https://n8n.local/webhook/1' });
    expect(n8n.body).toMatchObject({ projectName: 'Fluxo', typebotSlug: null, jsonContent: null });
    const dialogflow = await create(a, { type: 'dialogflow', name: 'DF', projectName: 'proj-1', language: 'pt-BR', jsonContent: df.credentials('proj-1') });
    expect(dialogflow.status).toBe(201);
    expect(dialogflow.body.projectName).toBe('proj-1');
    // The private key never comes back.
    expect(dialogflow.body.jsonContent).not.toContain('PRIVATE KEY');
    expect(JSON.parse(dialogflow.body.jsonContent).private_key).toBe('••••••••');
    const show = await k.api('GET', `/queueIntegration/${dialogflow.body.id}`, { token: a.admin.token });
    expect(show.body.jsonContent).not.toContain('PRIVATE KEY');
    // Saving the masked form keeps the stored key; the test session still signs with it.
    const put = await k.api('PUT', `/queueIntegration/${dialogflow.body.id}`, { token: a.admin.token, body: { ...show.body, name: 'DF 2' } });
    expect(put.status).toBe(200);
    const stored = await k.db('queueIntegrations').where({ id: dialogflow.body.id }).first('jsonContent');
    // Sealed at rest: neither the key nor the account is readable in the row.
    expect(stored.jsonContent).not.toContain('PRIVATE KEY');
    expect(stored.jsonContent).not.toContain('iam.gserviceaccount.com');
    const test = await k.api('POST', '/queueIntegration/testSession', { token: a.admin.token, body: { id: dialogflow.body.id, projectName: 'proj-1', language: 'pt-BR', jsonContent: put.body.jsonContent } });
    expect(test.body).toMatchObject({ ok: true, message: 'Entendi: Oi' });
  });

  it('refuses what the spec refuses, with the translated keys', async () => {
    const short = await create(a, { type: 'webhook', name: 'X', urlN8N: 'https://hook.local' });
    expect(short.status).toBe(400);
    expect(short.body.issues).toContainEqual(expect.objectContaining({ path: ['name'], message: 'validation.tooShort' }));
    const long = await create(a, { type: 'webhook', name: 'X'.repeat(51), urlN8N: 'https://hook.local' });
    expect(long.body.issues).toContainEqual(expect.objectContaining({ path: ['name'], message: 'validation.tooLong' }));
    const noUrl = await create(a, { type: 'typebot', name: 'Sem URL', typebotSlug: 'x' });
    expect(noUrl.body.issues).toContainEqual(expect.objectContaining({ path: ['urlN8N'], message: 'validation.required' }));
    const badUrl = await create(a, { type: 'n8n', name: 'URL ruim', urlN8N: 'ftp://x' });
    expect(badUrl.body.issues).toContainEqual(expect.objectContaining({ path: ['urlN8N'], message: 'queueIntegrations:validation.url' }));
    const badType = await create(a, { type: 'zapier', name: 'Tipo' });
    expect(badType.status).toBe(400);
    const badLanguage = await create(a, { type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: '{}', language: 'fr' });
    expect(badLanguage.status).toBe(400);
  });

  it('lists by search with pages, and a plain user reads but may not change', async () => {
    for (let i = 0; i < 41; i++) await create(a, { type: 'webhook', name: `Gancho ${String(i).padStart(2, '0')}`, urlN8N: 'https://hook.local' });
    const first = await k.api('GET', '/queueIntegration/?searchParam=gancho&pageNumber=1', { token: a.admin.token });
    expect(first.body.queueIntegrations).toHaveLength(40);
    expect(first.body.hasMore).toBe(true);
    const second = await k.api('GET', '/queueIntegration/?searchParam=gancho&pageNumber=2', { token: a.admin.token });
    expect(second.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Gancho 40']);
    expect(second.body.hasMore).toBe(false);
    const user = await k.createUser(a.company.id, { profile: 'user' });
    expect((await k.api('GET', '/queueIntegration', { token: user.token })).status).toBe(200);
    expect((await create({ ...a, admin: user }, { type: 'webhook', name: 'Meu', urlN8N: 'https://hook.local' })).status).toBe(403);
  });

  it('keeps tenants apart, announces changes live and lets queues go on delete', async () => {
    const mine = await create(a, { type: 'webhook', name: 'Só da A', urlN8N: 'https://hook.local' });
    for (const [method, path] of [['GET', `/queueIntegration/${mine.body.id}`], ['PUT', `/queueIntegration/${mine.body.id}`], ['DELETE', `/queueIntegration/${mine.body.id}`]] as const) {
      const res = await k.api(method, path, { token: b.admin.token, body: method === 'PUT' ? { type: 'webhook', name: 'Roubado', urlN8N: 'https://x.local' } : undefined });
      expect(res.status).toBe(404);
    }
    expect((await k.api('GET', '/queueIntegration?searchParam=Só da A', { token: b.admin.token })).body.queueIntegrations).toEqual([]);
    const queue = await k.api('POST', '/queue', { token: a.admin.token, body: { name: 'Fila hook', color: '#123456', greetingMessage: 'oi', integrationId: mine.body.id } });
    expect(queue.status).toBe(201);
    const socket = await k.socket(a.admin.token);
    const event = nextEvent(socket, `company-${a.company.id}-queueIntegration`);
    expect((await k.api('DELETE', `/queueIntegration/${mine.body.id}`, { token: a.admin.token })).body).toEqual({ message: 'Integration deleted' });
    expect(await event).toEqual({ action: 'delete', integrationId: mine.body.id });
    expect((await k.db('queues').where({ id: queue.body.id }).first('integrationId')).integrationId).toBeNull();
    socket.disconnect();
  });

  it('testSession (and testsession) tells bad credentials apart', async () => {
    const wrong = df.credentials('p').replace(/"private_key":"[^"]+"/, '"private_key":"not a key"');
    const res = await k.api('POST', '/queueIntegration/testsession', { token: a.admin.token, body: { projectName: 'p', language: 'en', jsonContent: wrong } });
    expect(res.body).toEqual({ ok: false, reason: 'credentials' });
  });

  it('answers 403 ERR_PLAN_DISABLED without useIntegrations', async () => {
    const c = await k.createCompany({ planFlags: { useIntegrations: false } });
    const res = await k.api('GET', '/queueIntegration', { token: c.admin.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_PLAN_DISABLED');
  });
});
