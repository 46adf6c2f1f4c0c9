import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel, type ChannelSession, type OutboundMessage, type SessionIO } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FULL_CAPABILITIES } from './channels-fake-channel.js';

/**
 * Issue #28, a Cloud API number at Meta's 80 msg/s: a channel that declares `parallelSends` gets
 * that many sends in flight at once, one per contact, each contact's messages still in order; a
 * channel without it keeps one send at a time (WhatsApp Web).
 */

const LANES = 6;

/** The provider: holds every send until LANES are in flight at once (or it is told to let go). */
class Provider {
  inFlight = 0;
  maxInFlight = 0;
  letGo = false;
  failOnce = new Set<string>();
  readonly delivered: { toId: string; body: string }[] = [];
  private waiting: (() => void)[] = [];

  async send(message: OutboundMessage): Promise<{ wid: string; ack: 1 }> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    if (!this.letGo && this.inFlight < LANES) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.releaseWaiting();
    this.inFlight--;
    if (this.failOnce.delete(message.body)) throw new Error('provider busy, try again');
    this.delivered.push({ toId: message.to.id, body: message.body });
    return { wid: `out-${randomUUID()}`, ack: 1 };
  }

  /** Lets the sends waiting now go (later ones wait again). */
  releaseWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  release(): void {
    this.letGo = true;
    this.releaseWaiting();
  }
}

const provider = new Provider();
const sessions = new Map<number, SessionIO>();
let k: TestKernel;

const parallelChannel = defineChannel({
  id: 'parallel-channel',
  channel: 'webchat',
  planFlag: null,
  capabilities: { ...FULL_CAPABILITIES, parallelSends: 8 },
  createSession: (connection, io): ChannelSession => ({
    async start() {
      sessions.set(connection.id, io);
      await io.status('CONNECTED', { number: '5511999990000' });
    },
    async stop() {},
    async logout() {},
    send: (message) => provider.send(message),
  }),
});

beforeAll(async () => {
  k = await createTestKernel({ plugins: [parallelChannel] });
});
afterAll(async () => {
  provider.release();
  await k?.close();
});

/** A company whose connection has one ticket per contact (each contact wrote once). */
async function ticketsOf(contacts: string[]) {
  const company = await k.createCompany();
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Parallel', channel: 'webchat' } });
  expect(res.status).toBe(201);
  const connectionId = res.body.id as number;
  await waitFor(() => sessions.get(connectionId));
  const tickets = new Map<string, number>();
  for (const contact of contacts) {
    const wid = `in-${randomUUID()}`;
    await sessions.get(connectionId)!.inbound({ wid, fromMe: false, timestamp: new Date(), peer: { id: contact, name: contact }, body: 'oi', mediaType: 'chat' });
    tickets.set(contact, (await k.db('messages').where({ whatsappId: connectionId, wid }).first('ticketId')).ticketId);
  }
  const send = (contact: string, body: string) =>
    k.kernel.core.channels.sender.send({ companyId: company.company.id, ticketId: tickets.get(contact)!, userId: company.admin.user.id, body });
  return { connectionId, send };
}

const bodiesTo = (contact: string) => provider.delivered.filter((d) => d.toId === contact).map((d) => d.body);

describe('parallel sends (capabilities.parallelSends)', () => {
  it(`has ${LANES} contacts' messages in flight at once, each contact's in the order sent, each once`, async () => {
    const contacts = Array.from({ length: LANES }, (_, i) => `p-${i}-${randomUUID().slice(0, 6)}`);
    const { connectionId, send } = await ticketsOf(contacts);
    // The first message's send holds the connection's drain while the rest are stored.
    const ids = [(await send(contacts[0]!, `${contacts[0]} 1`)).id];
    await waitFor(() => provider.inFlight === 1);
    for (let n = 1; n <= 3; n++) for (const contact of contacts) if (n > 1 || contact !== contacts[0]) ids.push((await send(contact, `${contact} ${n}`)).id);
    provider.releaseWaiting();
    // The next batch holds 17 rows of 6 contacts: only sends in flight together let the provider answer.
    await waitFor(() => provider.maxInFlight >= LANES);
    provider.release();
    await waitFor(async () => Number((await k.db('messages').whereIn('id', ids).where({ sendStatus: 'sent' }).count({ n: '*' }))[0]!.n) === ids.length);
    for (const contact of contacts) expect(bodiesTo(contact)).toEqual([1, 2, 3].map((n) => `${contact} ${n}`));
    expect(provider.maxInFlight).toBeLessThanOrEqual(8);
    expect(provider.delivered.filter((d) => contacts.includes(d.toId))).toHaveLength(ids.length);
    expect(Number((await k.db('messages').where({ whatsappId: connectionId, fromMe: true, sendStatus: 'sent' }).count({ n: '*' }))[0]!.n)).toBe(ids.length);
  });

  it("retries a contact's failed send before its next message; other contacts are not held back for good", async () => {
    provider.release();
    const contacts = [`r-a-${randomUUID().slice(0, 6)}`, `r-b-${randomUUID().slice(0, 6)}`];
    const { send } = await ticketsOf(contacts);
    const [a, b] = contacts as [string, string];
    provider.failOnce.add(`${a} first`);
    const ids = [(await send(a, `${a} first`)).id, (await send(b, `${b} first`)).id, (await send(a, `${a} second`)).id, (await send(b, `${b} second`)).id];
    await waitFor(async () => Number((await k.db('messages').whereIn('id', ids).where({ sendStatus: 'sent' }).count({ n: '*' }))[0]!.n) === 4, { timeout: 20000 });
    expect(bodiesTo(a)).toEqual([`${a} first`, `${a} second`]);
    expect(bodiesTo(b)).toEqual([`${b} first`, `${b} second`]);
  });
});
