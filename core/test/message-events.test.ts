import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

/** The live company-{id}-appMessage payload carries exactly what GET /messages/{ticketId} answers. */
let k: TestKernel;
let c: TestCompany;
let agent: TestUser;
let conn: number;
let adminSocket: Socket;
let agentSocket: Socket;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Line', channel: 'whatsapp', token }).returning('id'))[0].id;
  agent = await k.createUser(c.company.id);
  await k.db('users').where({ id: agent.user.id }).update({ allTicket: 'enable' });
  adminSocket = await k.socket(c.admin.token);
  agentSocket = await k.socket(agent.token);
});
afterAll(async () => {
  adminSocket?.disconnect();
  agentSocket?.disconnect();
  await k?.close();
});

function inbound(number: string, extra: Partial<NormalizedMessage> = {}): NormalizedMessage {
  return {
    wid: `ME-${++seq}-${randomBytes(3).toString('hex')}`,
    fromMe: false,
    timestamp: new Date(),
    peer: { id: number, number, name: 'Rita Lopes' },
    body: `msg ${seq}`,
    mediaType: 'chat',
    ...extra,
  };
}

const appMessage = () => `company-${c.company.id}-appMessage`;

async function listed(token: string, ticketId: number, id: number) {
  const res = await k.api('GET', `/messages/${ticketId}`, { token });
  expect(res.status).toBe(200);
  return res.body.messages.find((m: { id: number }) => m.id === id);
}

describe('live message events', () => {
  it('inbound with media and a quote: admins and users get the API record (users masked under lgpdHideNumber)', async () => {
    await k.kernel.core.settings.set(c.company.id, 'lgpdHideNumber', 'enabled');
    const number = '5511955554321';
    const image = await k.kernel.core.ingest.ingest(
      conn,
      inbound(number, { mediaType: 'image', body: '', media: { data: Buffer.from('png'), mimetype: 'image/png', fileName: 'a.png' }, data: { caption: 'x' } }),
    );
    const quoting = inbound(number, { quotedWid: (await k.db('messages').where({ id: image.messageId }).first('wid')).wid });
    const toAdmin = nextEvent(adminSocket, appMessage(), (p) => p.message.wid === quoting.wid);
    const toAgent = nextEvent(agentSocket, appMessage(), (p) => p.message.wid === quoting.wid);
    const result = await k.kernel.core.ingest.ingest(conn, quoting);
    const [adminEvent, agentEvent] = await Promise.all([toAdmin, toAgent]);

    const adminRecord = await listed(c.admin.token, result.ticketId, result.messageId);
    const agentRecord = await listed(agent.token, result.ticketId, result.messageId);
    expect(adminEvent.message).toEqual(adminRecord);
    expect(agentEvent.message).toEqual(agentRecord);
    expect(adminRecord.contact.number).toBe(number);
    expect(agentRecord.contact.number).toBe('***********21');
    expect(adminRecord.quotedMsg).toMatchObject({ id: image.messageId, contact: { name: 'Rita Lopes' } });
    expect(adminRecord.quotedMsg.mediaUrl).toMatch(new RegExp(`^/public/company${c.company.id}/messages/.+\\.png$`));

    const imageRecord = await listed(c.admin.token, result.ticketId, image.messageId);
    expect(imageRecord.mediaUrl).toMatch(new RegExp(`^/public/company${c.company.id}/messages/.+\\.png$`));
    expect(imageRecord.data).toEqual({ caption: 'x' });
    const served = await fetch(`${k.url}${imageRecord.mediaUrl}`);
    expect(await served.text()).toBe('png');
    await k.kernel.core.settings.set(c.company.id, 'lgpdHideNumber', 'disabled');
  });

  it('an update (edit from the channel) carries the record as listed afterwards', async () => {
    const message = inbound('5511955550002');
    const { ticketId, messageId } = await k.kernel.core.ingest.ingest(conn, message);
    const updated = nextEvent(adminSocket, appMessage(), (p) => p.action === 'update' && p.message.id === messageId);
    await k.kernel.core.ingest.applyEdit(conn, message.wid, 'edited text');
    const event = await updated;
    expect(event.message).toEqual(await listed(c.admin.token, ticketId, messageId));
    expect(event.message).toMatchObject({ body: 'edited text', isEdited: true, contact: { number: '5511955550002' } });
  });

  it('an agent’s send: the create event equals the message the POST answers', async () => {
    const { ticketId } = await k.kernel.core.ingest.ingest(conn, inbound('5511955550003'));
    await k.db('tickets').where({ id: ticketId }).update({ status: 'open', userId: c.admin.user.id });
    const created = nextEvent(adminSocket, appMessage(), (p) => p.action === 'create' && p.message.body === 'reply here');
    const res = await k.api('POST', `/messages/${ticketId}`, { token: c.admin.token, body: { body: 'reply here', signMessage: false } });
    expect(res.status).toBe(200);
    expect((await created).message).toEqual(res.body.messages[0]);
  });
});
