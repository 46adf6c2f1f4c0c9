import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, waitFor, type TestKernel, type WebhookReceiver } from '@guiche/core/testing';
import { FakeWorld, apiCompany, type ApiCompany } from './support.js';
import { FAST_WEBHOOKS, startWebhookKernel, subscribe } from './webhooks-support.js';

/**
 * The outbox beside the bus: a contact's custom fields edited alone are a contact.updated written in
 * the edit's transaction, and a ticket's change whose announcement was lost is delivered before the
 * ticket's later events, not after them when the relay finds it. The relay waits 5 s here, so what
 * the bus path files is told apart from what the relay files.
 */
const world = new FakeWorld();
let k: TestKernel;
let shop: ApiCompany;
let receiver: WebhookReceiver;

beforeAll(async () => {
  k = await startWebhookKernel(world, { ...FAST_WEBHOOKS, outboxGraceMs: 5_000 });
  shop = await apiCompany(k, world);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await k?.close();
  await receiver?.close();
});

async function customerWrites(contact: string, body: string) {
  const wid = `in-${randomUUID()}`;
  await world.session(shop.connectionId)!.io.inbound({ wid, fromMe: false, timestamp: new Date(), peer: { id: contact, name: 'Cliente' }, body, mediaType: 'chat' });
  const row = await k.db('messages').where({ whatsappId: shop.connectionId, wid }).first();
  return { messageId: Number(row.id), ticketId: row.ticketId as number, contactId: row.contactId as number };
}

const phone = (prefix: string) => `${prefix}${String(Date.now()).slice(-6)}`;

describe('webhook outbox', () => {
  it("writes a contact's custom-field edit to the outbox in its own transaction and delivers it once", async () => {
    const first = await customerWrites(phone('5511911'), 'oi');
    const sub = await subscribe(k, shop.admin.token, receiver.url, ['contact.updated']);
    receiver.secret = sub.secret;
    const updates = () => receiver.accepted.filter((w) => w.type === 'contact.updated' && w.data.id === first.contactId);

    const edit = await k.api('PUT', `/contacts/${first.contactId}`, { token: shop.admin.token, body: { extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] } });
    expect(edit.status).toBe(200);
    // Committed with the edit: the relay has not run yet (5 s), so the row is the trigger's.
    expect(await k.db('webhookOutbox').where({ companyId: shop.company.id, type: 'contact.updated', resourceId: first.contactId }).first()).toBeTruthy();
    const announced = await waitFor(() => updates().find((w) => w.data.extraInfo.some((f: any) => f.name === 'CPF')));
    expect(announced.data.extraInfo).toEqual([expect.objectContaining({ name: 'CPF', value: '123.456.789-00' })]);

    // A writer that announces nothing (a node killed after its commit): the relay delivers the field's new value.
    await k.db.transaction(async (trx) => {
      await trx('contactCustomFields').where({ companyId: shop.company.id, contactId: first.contactId, name: 'CPF' }).update({ value: '987.654.321-00' });
      await trx('contacts').where({ id: first.contactId }).update({ updatedAt: trx.fn.now() });
    });
    const relayed = await waitFor(() => updates().find((w) => w.data.extraInfo.some((f: any) => f.value === '987.654.321-00')), { timeout: 30_000 });
    expect(relayed.id).not.toBe(announced.id);
    await waitFor(async () => !(await k.db('webhookOutbox').where({ companyId: shop.company.id }).first()), { timeout: 30_000 });
    // The API edit went both ways (bus and outbox) and was delivered once.
    expect(updates().filter((w) => w.id === announced.id)).toHaveLength(1);
    expect(updates()).toHaveLength(2);

    // Deleting the contact takes its fields along without an event for a contact that is gone.
    expect((await k.api('DELETE', `/contacts/${first.contactId}`, { token: shop.admin.token })).status).toBeLessThan(300);
    expect(await k.db('webhookOutbox').where({ companyId: shop.company.id, resourceId: first.contactId }).first()).toBeUndefined();
    await k.api('DELETE', `/webhooks/${sub.id}`, { token: shop.admin.token });
  });

  it("delivers a ticket's change whose announcement was lost before the ticket's next event", async () => {
    const local = await startWebhookReceiver();
    try {
      const sub = await subscribe(k, shop.admin.token, local.url, ['message.created']);
      local.secret = sub.secret;
      const contact = phone('5511922');
      const opening = await customerWrites(contact, 'primeira');
      await waitFor(() => local.accepted.some((w) => w.data.id === opening.messageId));

      // The agent's answer, committed by a node that died before announcing it: only its outbox row knows.
      const [lost] = await k
        .db('messages')
        .insert({ companyId: shop.company.id, ticketId: opening.ticketId, contactId: opening.contactId, whatsappId: shop.connectionId, body: 'resposta sem anúncio', fromMe: true, ack: 1, wid: `out-${randomUUID()}` })
        .returning('id');
      const next = await customerWrites(contact, 'segunda');
      expect(next.ticketId).toBe(opening.ticketId);

      const ids = [opening.messageId, Number(lost.id), next.messageId];
      await waitFor(() => ids.every((id) => local.accepted.some((w) => w.data.id === id)), { timeout: 30_000 });
      expect(local.accepted.filter((w) => w.type === 'message.created' && w.data.ticketId === opening.ticketId).map((w) => w.data.id)).toEqual(ids);
      await k.api('DELETE', `/webhooks/${sub.id}`, { token: shop.admin.token });
    } finally {
      await local.close();
    }
  });
});
