import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowGraph } from '@guiche/contracts';
import { startBotWorld, type BotWorld, type Customer } from '../../../core/test/bot-support.js';
import campaigns from '../../campaigns/src/plugin.js';
import flowBuilder from '../src/plugin.js';

/**
 * "Campaigns may start a flow for each contact's reply" (issue 34) over the fake WhatsApp socket:
 * the campaigns module's dispatch hands the flow over through a timed-work row (core's plugin-sdk
 * campaign-flows.ts), and the contact's reply starts the flow on the version live at that moment.
 * Campaigns run on a fake clock (scheduled years ahead, runDue drives their timers).
 */
let w: BotWorld;
let flowId: number;
let year = 2033;

const graph = (text: string): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hello', type: 'message', position: { x: 0, y: 0 }, data: { text } },
    { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hello' },
    { id: 'e2', source: 'hello', sourceHandle: 'next', target: 'end' },
  ],
});
const api = async (method: string, path: string, body?: unknown, token = w.company.admin.token) => w.k.api(method, path, { token, body });

beforeAll(async () => {
  w = await startBotWorld({ plugins: [flowBuilder, campaigns] });
  const flow = (await api('POST', '/flowbuilder', { name: 'Resposta da campanha', graph: graph('Versão 1') })).body;
  flowId = flow.id;
  expect((await api('POST', `/flowbuilder/${flowId}/publish`)).status).toBe(201);
  expect((await api('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } })).status).toBe(200);
});
afterAll(async () => w?.close());

const runDue = (now: Date) => w.k.kernel.core.timedWork.runDue(now);
const runsOf = (ticketId: number) => w.k.db('flowBuilderRuns').where({ ticketId }).orderBy('id');

/** A campaign with `flowId` to the customer, sent on the fake clock: the customer receives its message. */
async function campaignTo(customer: Customer, body: Record<string, unknown> = {}): Promise<number> {
  const number = (await w.k.db('contacts').where({ id: await customer.contactId() }).first('number')).number as string;
  const [list] = await w.k.db('contactLists').insert({ companyId: w.company.company.id, name: `Lista ${year}` }).returning('id');
  await w.k.db('contactListItems').insert({ companyId: w.company.company.id, contactListId: list.id, name: 'Cliente', number });
  const at = new Date(`${year++}-01-01T12:00:00Z`);
  const res = await api('POST', '/campaigns', { name: 'Promo', whatsappId: String(customer.connectionId), contactListId: list.id, scheduledAt: at.toISOString(), message1: 'Promoção só hoje!', flowId, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.flowId).toBe(body.flowId ?? flowId);
  await runDue(at); // start
  await runDue(at); // dispatch: the message, and the flow builder's note of the reply flow
  await runDue(at);
  expect((await customer.next()).body).toBe('Promoção só hoje!');
  return res.body.id as number;
}

describe('a campaign that names a flow', () => {
  it("starts the flow on the contact's reply, on the version live then, and only once", async () => {
    const c = await w.customer('whatsapp');
    await c.send('oi'); // a known contact with a ticket before the campaign
    const campaignId = await campaignTo(c);
    const waiting = await w.k.db('flowBuilderCampaignReplies').where({ campaignId }).first();
    expect(waiting).toMatchObject({ flowId, contactId: await c.contactId(), connectionId: c.connectionId, startedAt: null });

    // Published again after the campaign went out: the reply starts the version live at the reply.
    await api('PUT', `/flowbuilder/${flowId}`, { graph: graph('Versão 2') });
    const v2 = (await api('POST', `/flowbuilder/${flowId}/publish`)).body;
    await c.send('quero saber mais');
    expect((await c.next()).body).toBe('Versão 2');
    const ticket = await c.ticket();
    const runs = await runsOf(ticket.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ flowId, versionId: v2.id });
    expect(await w.k.db('flowBuilderCampaignReplies').where({ campaignId }).first()).toMatchObject({ ticketId: ticket.id });

    // The flow ended and handed the ticket over; the next reply is for the agents, no second run.
    await c.send('mais uma coisa');
    expect(await runsOf(ticket.id)).toHaveLength(1);
    expect((await w.k.db('tickets').where({ id: ticket.id }).first()).conversationHandler).toBeNull();
  });

  it('does not start the flow on a ticket an agent accepted', async () => {
    const c = await w.customer('whatsapp');
    await c.send('bom dia');
    const campaignId = await campaignTo(c);
    const ticket = await c.ticket();
    const queue = await w.queue({ name: 'Vendas' });
    const accepted = await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: w.company.admin.user.id, queueId: queue.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await c.send('recebi a promoção');
    expect(await runsOf(ticket.id)).toHaveLength(0);
    expect((await w.k.db('flowBuilderCampaignReplies').where({ campaignId }).first()).startedAt).toBeNull();
  });

  it("another company's flow id starts nothing, and a plan without the flow builder refuses the field", async () => {
    const other = await w.k.createCompany({ planFlags: { useFlowBuilder: false } });
    const refused = await w.k.api('POST', '/campaigns', { token: other.admin.token, body: { name: 'Promo', whatsappId: String(w.connections.whatsapp.id), message1: 'Olá', flowId } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_DISABLED');

    const third = await w.k.createCompany();
    const foreign = await w.k.api('POST', '/flowbuilder', { token: third.admin.token, body: { name: 'Alheio', graph: graph('Não é seu') } });
    await w.k.api('POST', `/flowbuilder/${foreign.body.id}/publish`, { token: third.admin.token });
    const c = await w.customer('whatsapp');
    await c.send('olá');
    const campaignId = await campaignTo(c, { flowId: foreign.body.id });
    expect(await w.k.db('flowBuilderCampaignReplies').where({ campaignId })).toHaveLength(0);
    await c.send('e aí?');
    expect(await runsOf((await c.ticket()).id)).toHaveLength(0);
  });
});
