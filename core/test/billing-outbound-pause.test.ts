import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketEvents } from '@guiche/contracts';
import { defineChannel } from '@guiche/core';
import { createTestKernel, expectNoEvent, startFakeAsaas, waitFor, type FakeAsaas, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, createFakeConnection, fakeChannel, inboundTicket } from './channels-fake-channel.js';
import { addDays, todayInSaoPaulo } from '../src/domain/subscription.js';

const API_KEY = '$aact_pause_key_0123456789';
const WEBHOOK_TOKEN = 'pause-webhook-token-0123456789';
const world = new FakeWorld();
let k: TestKernel;
let asaas: FakeAsaas;

beforeAll(async () => {
  asaas = await startFakeAsaas({ apiKey: API_KEY, webhookToken: WEBHOOK_TOKEN });
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))], config: { ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  asaas.webhookUrl = `${k.apiUrl}/subscription/webhook/asaas`;
  await k.kernel.core.settings.set(1, 'asaas', API_KEY);
});
afterAll(async () => {
  await k?.close();
  await asaas?.close();
});

describe('an expired company\'s channels', () => {
  it('keep receiving, hold outbound messages pending, and deliver them by themselves once paid', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await waitFor(async () => (await k.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED' && world.session(connectionId));
    const dueDate = addDays(todayInSaoPaulo(), -1);
    await k.db('companies').where({ id: company.company.id }).update({ dueDate });
    const [invoice] = await k.db('invoices').insert({ companyId: company.company.id, detail: 'Plano', users: 1, connections: 1, queues: 1, value: 99, dueDate }).returning('id');

    // Inbound still lands while expired.
    const { ticketId, inboundId } = await inboundTicket(world, k, connectionId);
    expect(inboundId).toBeGreaterThan(0);

    // What the bot, a schedule or a campaign would send goes through the same sender: it waits.
    const socket = await k.socket(company.admin.token);
    let messageId = 0;
    const seen = await expectNoEvent(socket, new RegExp(`^${TicketEvents.appMessage(company.company.id)}$`), async () => {
      messageId = (await k.kernel.core.channels.sender.send({ companyId: company.company.id, ticketId, userId: company.admin.user.id, body: 'held until payment' })).id;
    });
    expect(seen.length).toBeLessThanOrEqual(1); // the "create" announcement only, never a "sent" update
    expect(await k.db('messages').where({ id: messageId }).first()).toMatchObject({ sendStatus: 'pending' });
    expect(world.outbound.all.some((d) => d.messageId === messageId)).toBe(false);
    socket.disconnect();

    const checkout = await k.api('POST', '/subscription', { token: company.admin.token, body: { firstName: 'Ana', zipcode: '12345678909', invoiceId: invoice.id } });
    expect(checkout.status).toBe(200);
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice-${invoice.id}`)!;
    expect((await asaas.pay(payment.id)).body.outcome).toBe('renewed');

    await waitFor(async () => (await k.db('messages').where({ id: messageId }).first()).sendStatus === 'sent');
    expect(world.outbound.all.filter((d) => d.messageId === messageId)).toHaveLength(1);
  });
});
