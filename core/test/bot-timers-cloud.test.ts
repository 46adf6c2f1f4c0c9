import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { cloudConnection, FakeGraph, useFakeGraphEnv, whatsappMessage, type CloudConnection } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../plugins/channel-whatsapp-cloud/src/plugin.js';

/**
 * The queue chatbot's messages said later by a timer on a WhatsApp Cloud API connection (issue 29),
 * over the fake Graph API: the expiry's closing message goes out while the contact's 24-hour window
 * is open, and is skipped (logged, ERR_WINDOW_CLOSED) once it closed — the ticket still closes —
 * instead of being sent to fail at Meta. The timers fire with runDue at a chosen "now".
 */
const fake = new FakeGraph();
let k: TestKernel;
let c: TestCompany;
let cloud: CloudConnection;
let seq = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel()] });
  c = await k.createCompany();
  cloud = await cloudConnection(k, fake, c);
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

/** A contact writes to the business number now: the ticket, whose expiry timer is set. */
async function writes(): Promise<{ ticketId: number; contactId: number }> {
  const number = `55419${String(8_000_000 + ++seq * 7919).slice(-7)}`;
  const inbound = whatsappMessage(cloud.number, { waId: number, name: 'Cliente' }, { type: 'text', text: { body: 'oi' } });
  expect(await fake.deliver(cloud.webhook, inbound.payload)).toBe(200);
  const message = await waitFor(() => k.db('messages').where({ wid: inbound.id }).first('ticketId', 'contactId'));
  return { ticketId: message.ticketId, contactId: message.contactId };
}
const closing = (ticketId: number) => k.db('messages').where({ ticketId, fromMe: true, body: 'Encerramos por inatividade.' });

describe("the bot's expiry message on a Cloud API connection", () => {
  it('is said within the window and skipped outside it, the ticket closing either way', async () => {
    const res = await k.api('PUT', `/whatsapp/${cloud.id}`, { token: c.admin.token, body: { expiresTicket: 60, expiresInactiveMessage: 'Encerramos por inatividade.' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const inside = await writes();
    await k.kernel.core.timedWork.runDue(new Date(Date.now() + 2 * HOUR));
    expect((await k.db('tickets').where({ id: inside.ticketId }).first()).status).toBe('closed');
    expect(await closing(inside.ticketId)).toHaveLength(1);

    // The expiry of 30 hours: the window closed six hours before it fires.
    expect((await k.api('PUT', `/whatsapp/${cloud.id}`, { token: c.admin.token, body: { expiresTicket: 30 * 60 } })).status).toBe(200);
    const outside = await writes();
    await k.kernel.core.timedWork.runDue(new Date(Date.now() + 31 * HOUR));
    expect((await k.db('tickets').where({ id: outside.ticketId }).first()).status).toBe('closed');
    expect(await closing(outside.ticketId)).toHaveLength(0);
  });
});
