import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

/**
 * The ticket action "toggle integration" (inbox.md §4, open or group tickets, no status change):
 * PUT /tickets/{id} { useIntegration } hands the ticket to its queue's integration or prompt, or
 * takes it back, and the ticket's history says who did which. (The conversation going to the
 * integration afterwards: plugins/queue-integrations/test/signed-calls.test.ts.)
 */
let k: TestKernel;
let seq = 0;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

async function setup(queueFields: Record<string, unknown>) {
  const c = await k.createCompany();
  const [queue] = await k.db('queues').insert({ companyId: c.company.id, name: `Fila ${++seq}`, color: '#112233', ...queueFields }).returning('id');
  const [conn] = await k.db('whatsapps').insert({ companyId: c.company.id, name: `Linha ${seq}`, channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), status: 'CONNECTED' }).returning('id');
  const agent = await k.createUser(c.company.id, { name: `Agente ${seq}` });
  const outsider = await k.createUser(c.company.id);
  await k.db('userQueues').insert({ companyId: c.company.id, userId: agent.user.id, queueId: queue.id });
  const [contact] = await k.db('contacts').insert({ companyId: c.company.id, name: 'Cliente', number: `55219${String(10000000 + ++seq)}`, channel: 'whatsapp' }).returning('id');
  const [ticket] = await k.db('tickets').insert({ companyId: c.company.id, contactId: contact.id, whatsappId: conn.id, queueId: queue.id, status: 'open', userId: agent.user.id }).returning(['id']);
  return { ...c, agent, outsider, queueId: queue.id as number, ticketId: ticket.id as number };
}

async function integrationOf(companyId: number): Promise<number> {
  const [row] = await k.db('queueIntegrations').insert({ companyId, type: 'webhook', name: `Gancho ${++seq}`, projectName: `Gancho ${seq}`, urlN8n: 'https://hook.invalid/' }).returning('id');
  return row.id;
}

async function promptOf(companyId: number, queueId: number): Promise<number> {
  const [row] = await k.db('prompts').insert({ companyId, name: `Prompt ${++seq}`, prompt: 'Atenda com educação', queueId }).returning('id');
  return row.id;
}

const put = (ticketId: number | string, token: string, body: unknown) => k.api('PUT', `/tickets/${ticketId}`, { token, body });
const state = (id: number) => k.db('tickets').where({ id }).first('status', 'userId', 'useIntegration', 'integrationId', 'promptId', 'isBot');

describe('toggle integration', () => {
  it("hands an open ticket to its queue's integration and takes it back, without a status change, logged in the history", async () => {
    const t = await setup({ integrationId: 4242 });
    const on = await put(t.ticketId, t.agent.token, { useIntegration: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: t.ticketId, status: 'open', useIntegration: true });
    expect(await state(t.ticketId)).toMatchObject({ status: 'open', userId: t.agent.user.id, useIntegration: true, integrationId: 4242, promptId: null });

    const off = await put(t.ticketId, t.agent.token, { useIntegration: false });
    expect(off.status).toBe(200);
    expect(await state(t.ticketId)).toMatchObject({ status: 'open', userId: t.agent.user.id, useIntegration: false });

    const log = await k.api('GET', `/tickets-log/${t.ticketId}`, { token: t.agent.token });
    expect(log.status).toBe(200);
    const entries = (log.body as { type: string; user?: { name: string } | null }[]).filter((e) => e.type.startsWith('integration'));
    expect(entries.map((e) => e.type).sort()).toEqual(['integrationOff', 'integrationOn']);
    expect(entries.every((e) => e.user?.name === t.agent.user.name)).toBe(true);
    // Asking for what already is changes and logs nothing.
    await put(t.ticketId, t.agent.token, { useIntegration: false });
    expect((await k.db('ticketLogs').where({ ticketId: t.ticketId }).whereIn('type', ['integrationOn', 'integrationOff'])).length).toBe(2);
  });

  it("takes the queue's prompt when it has one, never an id from the request", async () => {
    const t = await setup({ promptId: 77 });
    const ownIntegration = await integrationOf(t.company.id);
    expect((await put(t.ticketId, t.agent.token, { useIntegration: true, integrationId: ownIntegration })).status).toBe(200);
    expect(await state(t.ticketId)).toMatchObject({ useIntegration: true, promptId: 77, integrationId: null });
  });

  it('refuses a queue with neither integration nor prompt (400 with its code), bad input, another company and an agent who cannot see it', async () => {
    const t = await setup({});
    const none = await put(t.ticketId, t.agent.token, { useIntegration: true });
    expect(none).toMatchObject({ status: 400, body: { error: 'ERR_TICKET_NO_INTEGRATION' } });
    expect((await state(t.ticketId)).useIntegration).toBe(false);
    expect(await k.db('ticketLogs').where({ ticketId: t.ticketId, type: 'integrationOn' })).toEqual([]);

    const bad = await put(t.ticketId, t.agent.token, { useIntegration: 'sim' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await put('abc', t.agent.token, { useIntegration: true })).status).toBe(400);

    const other = await setup({ integrationId: 1 });
    expect(await put(t.ticketId, other.admin.token, { useIntegration: true })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    // A user outside the ticket's queue does not see it.
    expect((await put(other.ticketId, other.outsider.token, { useIntegration: true })).status).toBe(404);
    expect((await state(other.ticketId)).useIntegration).toBe(false);
  });

  it("refuses an integration or prompt of another company, or one that does not exist, and keeps the ticket's own", async () => {
    const t = await setup({});
    const other = await setup({});
    const mine = { integrationId: await integrationOf(t.company.id), promptId: await promptOf(t.company.id, t.queueId) };
    const theirs = { integrationId: await integrationOf(other.company.id), promptId: await promptOf(other.company.id, other.queueId) };
    expect((await put(t.ticketId, t.agent.token, mine)).status).toBe(200);
    expect(await state(t.ticketId)).toMatchObject(mine);

    const missing = Number((await k.db('queueIntegrations').max('id as max').first())!.max) + 1000;
    for (const [field, id] of [
      ['integrationId', theirs.integrationId],
      ['promptId', theirs.promptId],
      ['integrationId', missing],
      ['promptId', missing],
    ] as const) {
      const answer = await put(t.ticketId, t.agent.token, { [field]: id });
      expect(answer, `${field} ${id}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: [field], message: 'validation.reference' }] } });
      // Riding along a transition changes nothing either.
      expect((await put(t.ticketId, t.admin.token, { status: 'pending', [field]: id })).status).toBe(400);
      expect(await state(t.ticketId)).toMatchObject({ status: 'open', ...mine });
    }
    // Clearing them is always allowed.
    expect((await put(t.ticketId, t.agent.token, { integrationId: null, promptId: null })).status).toBe(200);
    expect(await state(t.ticketId)).toMatchObject({ integrationId: null, promptId: null });
  });

  it('refuses a queue or a connection pointed at an integration or prompt it does not own, on create and on change', async () => {
    const t = await setup({});
    const other = await setup({});
    const theirs = { integrationId: await integrationOf(other.company.id), promptId: await promptOf(other.company.id, other.queueId) };
    const missing = Number((await k.db('queueIntegrations').max('id as max').first())!.max) + 1000;
    const mine = { integrationId: await integrationOf(t.company.id), promptId: await promptOf(t.company.id, t.queueId) };
    const [conn] = await k.db('whatsapps').where({ companyId: t.company.id }).select('id');
    const writes = [
      (body: object) => k.api('POST', '/queue', { token: t.admin.token, body: { name: `Fila ${++seq}`, color: `#${String(seq).padStart(6, '0')}`, ...body } }),
      (body: object) => k.api('PUT', `/queue/${t.queueId}`, { token: t.admin.token, body }),
      (body: object) => k.api('POST', '/whatsapp', { token: t.admin.token, body: { name: `Linha ${++seq}`, ...body } }),
      (body: object) => k.api('PUT', `/whatsapp/${conn.id}`, { token: t.admin.token, body }),
    ];
    const before = { queues: await k.db('queues').count({ n: '*' }).first(), connections: await k.db('whatsapps').count({ n: '*' }).first() };
    for (const write of writes) {
      for (const [field, id] of [['integrationId', theirs.integrationId], ['promptId', theirs.promptId], ['integrationId', missing]] as const) {
        expect(await write({ [field]: id }), `${field} ${id}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: [field], message: 'validation.reference' }] } });
      }
    }
    expect({ queues: await k.db('queues').count({ n: '*' }).first(), connections: await k.db('whatsapps').count({ n: '*' }).first() }).toEqual(before);
    expect(await k.db('queues').where({ id: t.queueId }).first('integrationId', 'promptId')).toEqual({ integrationId: null, promptId: null });
    // Its own company's are taken.
    expect((await writes[1](mine)).status).toBe(200);
    expect((await writes[3](mine)).status).toBe(200);
    expect(await k.db('whatsapps').where({ id: conn.id }).first('integrationId', 'promptId')).toEqual(mine);
  });
});
