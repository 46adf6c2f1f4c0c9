import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';
import { backfill } from '../../migrations/src/20261123040000_ticket_metrics.js';

/**
 * ticket_metrics records the timings as tickets move through the real API and ingest: every
 * instant is the one of the transition's own transaction (its ticket log's created_at).
 */
let k: TestKernel;
let c: TestCompany;
let conn: number;
let q1: number;
let q2: number;
let a: TestUser;
let b: TestUser;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Line', channel: 'whatsapp', token, ratingMessage: 'Nota?' }).returning('id'))[0].id;
  q1 = (await k.db('queues').insert({ companyId: c.company.id, name: 'Vendas', color: '#101010' }).returning('id'))[0].id;
  q2 = (await k.db('queues').insert({ companyId: c.company.id, name: 'Suporte', color: '#202020' }).returning('id'))[0].id;
  a = await k.createUser(c.company.id, { profile: 'user', name: 'Ana' });
  b = await k.createUser(c.company.id, { profile: 'user', name: 'Bia' });
  await k.db('userQueues').insert([
    { companyId: c.company.id, userId: a.user.id, queueId: q1 },
    { companyId: c.company.id, userId: b.user.id, queueId: q2 },
  ]);
});
afterAll(async () => k?.close());

function inbound(number: string, body: string): NormalizedMessage {
  return { wid: `DT-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: number, number, name: 'Caio' }, body, mediaType: 'chat' };
}
const metricsOf = (ticketId: number) => k.db('ticketMetrics').where({ ticketId }).first();
const logs = (ticketId: number) => k.db('ticketLogs').where({ ticketId }).orderBy('id').select('type', 'createdAt');
const secs = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

async function put(token: string, ticketId: number, body: Record<string, unknown>) {
  const res = await k.api('PUT', `/tickets/${ticketId}`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('ticket_metrics as tickets move', () => {
  it('a ticket queued, accepted, transferred twice, closed, reopened and closed again', async () => {
    const { ticketId } = await k.kernel.core.ingest.ingest(conn, inbound('5511955550001', 'oi'));
    const created = await metricsOf(ticketId);
    expect(created).toMatchObject({ status: 'pending', isLead: true, firstQueuedAt: null, firstAcceptedAt: null, transfers: 0 });
    expect(created.firstPendingAt).toEqual(created.createdAt);

    await put(c.admin.token, ticketId, { queueId: q1 }); // the queue is chosen: the wait in a queue starts
    await put(a.token, ticketId, { status: 'open' }); // Ana accepts
    await put(a.token, ticketId, { status: 'open', userId: b.user.id }); // transfer 1: to Bia
    await put(b.token, ticketId, { status: 'pending', queueId: q2 }); // transfer 2: to the queue Suporte
    await put(b.token, ticketId, { status: 'open' }); // Bia accepts again
    await put(b.token, ticketId, { status: 'closed', sendFarewellMessage: false });
    const closed = await metricsOf(ticketId);
    await put(b.token, ticketId, { status: 'open' }); // reopen
    const reopened = await metricsOf(ticketId);
    await put(b.token, ticketId, { status: 'closed', sendFarewellMessage: false });

    const l = await logs(ticketId);
    expect(l.map((x) => x.type)).toEqual(['create', 'transfered', 'open', 'transfered', 'receivedTransfer', 'transfered', 'open', 'closed', 'reopen', 'closed']);
    const t = l.map((x) => x.createdAt as Date);
    const m = await metricsOf(ticketId);
    expect(m.firstQueuedAt).toEqual(t[1]);
    expect(m.firstAcceptedAt).toEqual(t[2]);
    expect(m.firstUserId).toBe(a.user.id);
    expect(m.waitSeconds).toBeCloseTo(secs(t[1]!, t[2]!), 2);
    expect(m.transfers).toBe(2);
    expect(closed).toMatchObject({ status: 'closed', reopens: 0, agentSince: null });
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, reopens: 1, firstAcceptedAt: t[2] });
    expect(reopened.agentSince).toEqual(t[8]);
    // Agents held it from accept to the queue transfer, from the second accept to the close, and after the reopen.
    const held = secs(t[2]!, t[5]!) + secs(t[6]!, t[7]!) + secs(t[8]!, t[9]!);
    expect(m.supportSeconds).toBeCloseTo(held, 2);
    expect(m.supportSeconds).toBeLessThan(secs(t[2]!, t[9]!));
    const ticket = await k.db('tickets').where({ id: ticketId }).first();
    expect(m).toMatchObject({ status: 'closed', userId: b.user.id, queueId: q2, reopens: 1, agentSince: null, closedAt: ticket.closedAt });
  });

  it('a ticket closed without an agent (ignored) has no acceptance and no service time', async () => {
    const { ticketId } = await k.kernel.core.ingest.ingest(conn, inbound('5511955550002', 'oi'));
    await put(c.admin.token, ticketId, { status: 'closed' });
    const m = await metricsOf(ticketId);
    expect(m).toMatchObject({ status: 'closed', firstAcceptedAt: null, waitSeconds: null, supportSeconds: 0, userId: null });
    expect(m.closedAt).not.toBeNull();
  });

  it('the first agent message is the first response; an agent-created ticket is accepted at creation and never waited', async () => {
    const contactId = (await k.db('contacts').insert({ companyId: c.company.id, name: 'Dora', number: '5511955550003', channel: 'whatsapp' }).returning('id'))[0].id;
    const res = await k.api('POST', '/tickets', { token: c.admin.token, body: { contactId, queueId: q1, whatsappId: conn } });
    expect(res.status).toBe(201);
    const ticketId = res.body.id;
    let m = await metricsOf(ticketId);
    expect(m).toMatchObject({ isLead: true, firstPendingAt: null, waitSeconds: null, firstUserId: c.admin.user.id, firstResponseAt: null });
    expect(m.firstAcceptedAt).toEqual(m.createdAt);
    await k.api('POST', `/messages/${ticketId}`, { token: c.admin.token, body: { body: 'nota interna', isPrivate: true } });
    expect((await metricsOf(ticketId)).firstResponseAt).toBeNull();
    const sent = await k.api('POST', `/messages/${ticketId}`, { token: c.admin.token, body: { body: 'Olá!' } });
    expect(sent.status).toBe(200);
    await k.api('POST', `/messages/${ticketId}`, { token: c.admin.token, body: { body: 'Tudo bem?' } });
    const first = await k.db('messages').where({ ticketId, fromMe: true, isPrivate: false }).orderBy('id').first('createdAt');
    m = await metricsOf(ticketId);
    expect(m.firstResponseAt).toEqual(first.createdAt);
    // The contact's second ticket is not a lead.
    await put(c.admin.token, ticketId, { status: 'closed', sendFarewellMessage: false });
    const again = await k.api('POST', '/tickets', { token: c.admin.token, body: { contactId, queueId: q1, whatsappId: conn } });
    expect((await metricsOf(again.body.id)).isLead).toBe(false);
  });

  it('a rating answered by a message that reopened the ticket keeps it closed, rated, with no reopen counted', async () => {
    await k.kernel.core.settings.set(c.company.id, 'userRating', 'enabled');
    expect((await k.api('PUT', `/whatsapp/${conn}`, { token: c.admin.token, body: { timeCreateNewTicket: 60 } })).status).toBe(200);
    const { ticketId } = await k.kernel.core.ingest.ingest(conn, inbound('5511955550004', 'oi'));
    await put(c.admin.token, ticketId, { status: 'open', queueId: q1 });
    await put(c.admin.token, ticketId, { status: 'closed', sendFarewellMessage: false, requestRating: true });
    const before = await metricsOf(ticketId);
    await k.kernel.core.ingest.ingest(conn, inbound('5511955550004', '4'));
    const m = await metricsOf(ticketId);
    const rating = await k.db('ticketRatings').where({ ticketId }).first();
    expect(m).toMatchObject({ status: 'closed', reopens: 0, closedAt: before.closedAt, supportSeconds: before.supportSeconds, rate: 4, ratedUserId: c.admin.user.id });
    expect(m.ratedAt).toEqual(rating.answeredAt);
    expect((await k.api('PUT', `/whatsapp/${conn}`, { token: c.admin.token, body: { timeCreateNewTicket: 0 } })).status).toBe(200);
  });

  it('the migration backfills tickets from their rows, logs, messages and ratings', async () => {
    const ids = await k.db('tickets').where({ companyId: c.company.id }).pluck('id');
    const live = await k.db('ticketMetrics').whereIn('ticketId', ids).orderBy('ticketId');
    await k.db('ticketMetrics').whereIn('ticketId', ids).delete();
    await backfill(k.db);
    const filled = await k.db('ticketMetrics').whereIn('ticketId', ids).orderBy('ticketId');
    expect(filled.map((r) => r.ticketId)).toEqual(live.map((r) => r.ticketId));
    for (const [i, row] of filled.entries()) {
      const was = live[i];
      expect(row, `ticket ${row.ticketId}`).toMatchObject({
        status: was.status, userId: was.userId, queueId: was.queueId, isLead: was.isLead, transfers: was.transfers, reopens: was.reopens,
        firstResponseAt: was.firstResponseAt, rate: was.rate, firstAcceptedAt: was.firstAcceptedAt,
      });
      if (was.status === 'closed') expect(row.closedAt).toEqual(was.closedAt);
    }
  });
});
