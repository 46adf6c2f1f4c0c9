import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FIRST_PARTY_PLUGINS } from '../src/config.js';
import { MASK } from '../src/secrets/secret-box.js';

/** The audit log over the plan modules' configuration routes (issue #33): recorded by the same hook, secrets masked. */

let k: TestKernel;
let shop: TestCompany;
beforeAll(async () => {
  k = await createTestKernel({ plugins: FIRST_PARTY_PLUGINS });
  shop = await k.createCompany({ planFlags: { useExternalApi: true, useOpenAi: true, useSchedules: true, useIntegrations: true, useCampaigns: true } });
});
afterAll(async () => k?.close());

async function ok(method: string, path: string, body?: unknown) {
  const res = await k.api(method, path, { token: shop.admin.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function rows(entity: string) {
  const res = await k.api('GET', `/audit?entity=${entity}`, { token: shop.admin.token });
  expect(res.status).toBe(200);
  return res.body.records as any[];
}

describe('plan modules in the audit log', () => {
  it('records connections without their token, and the API token and webhook secret regenerations', async () => {
    const connection = await ok('POST', '/whatsapp', { name: 'Site', channel: 'webchat' });
    await ok('PUT', `/whatsapp/${connection.id}`, { name: 'Site da loja' });
    // A WhatsApp connection's API token (a webchat's token is its public key, not regenerated here).
    const [zap] = await k.db('whatsapps').insert({ companyId: shop.company.id, name: 'Zap', channel: 'whatsapp', status: 'DISCONNECTED', token: 'zap-token-before-rotation' }).returning('id');
    await ok('POST', `/messages-api/connections/${zap.id}/token`);
    const created = await ok('POST', '/webhooks', { url: 'https://93.184.215.14/hooks/guiche', events: ['ticket.status'] });
    await ok('POST', `/webhooks/${created.webhook.id}/secret`);
    await ok('PUT', `/webhooks/${created.webhook.id}`, { enabled: false });

    const connections = await rows('connection');
    expect(connections.map((r) => r.action)).toEqual(['token_regenerated', 'update', 'create']);
    expect(connections[0]).toMatchObject({ entityId: String(zap.id), userId: shop.admin.user.id });
    expect(connections[1]).toMatchObject({ entityId: String(connection.id), oldValues: { name: 'Site' }, newValues: { name: 'Site da loja' } });
    expect(connections[2].newValues.token).toBe(MASK);
    const webhooks = await rows('webhook');
    expect(webhooks.map((r) => r.action)).toEqual(['update', 'token_regenerated', 'create']);
    expect(webhooks[2]).toMatchObject({ entityId: String(created.webhook.id), newValues: { secret: MASK, url: 'https://93.184.215.14/hooks/guiche' } });
    expect(webhooks[0]).toMatchObject({ oldValues: { enabled: true }, newValues: { enabled: false } });
    const all = JSON.stringify(await k.db('auditLogs').select('oldValues', 'newValues'));
    expect(all).not.toContain(created.secret);
    expect(all).not.toContain((await k.db('whatsapps').where({ id: connection.id }).first('token')).token);
    expect(all).not.toContain((await k.db('whatsapps').where({ id: zap.id }).first('token')).token);
  });

  it('records prompts with their API key masked, integrations, schedules and campaign settings', async () => {
    const queue = await ok('POST', '/queue', { name: 'IA', color: '#334455', greetingMessage: 'Oi' });
    const prompt = await ok('POST', '/prompt', { name: 'Atendente IA', prompt: 'Seja breve.', apiKey: 'sk-audit-000011112222', queueId: queue.id });
    await ok('PUT', `/prompt/${prompt.id}`, { name: 'Atendente IA 2', prompt: 'Seja breve.', apiKey: 'sk-audit-999911112222', queueId: queue.id });
    const integration = await ok('POST', '/queueIntegration', { type: 'n8n', name: 'Fluxo', urlN8N: 'https://93.184.215.14/n8n' });
    await ok('DELETE', `/queueIntegration/${integration.id}`);
    const contact = await ok('POST', '/contacts', { name: 'Ana', number: '5511987650001' });
    await ok('POST', '/schedules', { body: 'Lembrete', contactId: contact.id, sendAt: new Date(Date.now() + 86400000).toISOString() });
    await ok('POST', '/campaign-settings', { settings: { messageInterval: 20 } });
    await ok('PUT', `/transcription-queues/${queue.id}`, { auto: true });

    const [promptUpdate, promptCreate] = await rows('prompt');
    expect(promptCreate.newValues).toMatchObject({ name: 'Atendente IA', apiKey: MASK });
    expect(promptUpdate).toMatchObject({ action: 'update', oldValues: { name: 'Atendente IA', apiKey: MASK }, newValues: { name: 'Atendente IA 2', apiKey: MASK } });
    expect(JSON.stringify(await k.db('auditLogs').select('newValues', 'oldValues'))).not.toMatch(/sk-audit/);
    expect((await rows('integration')).map((r) => r.action)).toEqual(['delete', 'create']);
    expect((await rows('schedule'))[0]).toMatchObject({ action: 'create', newValues: { body: 'Lembrete' } });
    expect((await rows('campaignSetting'))[0]).toMatchObject({ action: 'create' });
    expect((await rows('transcriptionQueue'))[0]).toMatchObject({ action: 'update', newValues: { auto: true } });
  });
});
