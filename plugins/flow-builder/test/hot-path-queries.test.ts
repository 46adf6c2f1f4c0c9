import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import flowBuilder from '../src/plugin.js';

/**
 * SQL statements of an inbound message with the flow builder loaded (a count, not a time). The
 * starter is asked for every message of an unattended ticket: the plan flag and the company's
 * triggers come from per-node caches, so a plain message costs what it costs without the module
 * (core/test/ingest-queries.test.ts, STEADY_MAX), and a change of triggers or a publish is seen at
 * the next message.
 */
const STEADY_MAX = 5;

let k: TestKernel;
let c: TestCompany;
let conn: number;
let seq = 0;
const scope = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  k = await createTestKernel({ plugins: [flowBuilder] });
  c = await k.createCompany();
  await k.setPlanFlags(c.company.id, { useFlowBuilder: true });
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  // No queues, no greeting: the menu bot leaves a new ticket pending and unattended.
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Line', channel: 'whatsapp', token }).returning('id'))[0].id;
  k.db.on('query', (query: { sql: string }) => scope.getStore()?.push(query.sql));
});
afterAll(async () => k?.close());

const api = async (method: string, path: string, body?: unknown) => {
  const res = await k.api(method, path, { token: c.admin.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const promo = (text: string): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'say', type: 'message', position: { x: 0, y: 0 }, data: { text } },
    { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'say' },
    { id: 'e2', source: 'say', sourceHandle: 'next', target: 'end' },
  ],
});

async function ingest(number: string, body: string): Promise<string[]> {
  const seen: string[] = [];
  const message = { wid: `F-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: `${number}@s.whatsapp.net`, number, name: 'Maria' }, body, mediaType: 'chat' as const };
  const result = await scope.run(seen, () => k.kernel.core.ingest.ingest(conn, message));
  expect(result.created).toBe(true);
  return seen;
}

const runOf = async (number: string) => {
  const contact = await k.db('contacts').where({ companyId: c.company.id, number }).first('id');
  const ticket = await k.db('tickets').where({ contactId: contact.id }).orderBy('id', 'desc').first('id');
  return k.db('flowBuilderRuns').where({ ticketId: ticket.id }).orderBy('id', 'desc').first();
};

describe('the flow builder on the ingest hot path', () => {
  let flowId: number;

  it(`a plain message of an unattended ticket takes at most ${STEADY_MAX} statements: no plan read, no trigger query`, async () => {
    const flow = await api('POST', '/flowbuilder', { name: 'Promo', graph: promo('Promoção!') });
    flowId = flow.id;
    await api('POST', `/flowbuilder/${flowId}/publish`);
    await api('PUT', `/flowbuilder/${flowId}/triggers`, { triggers: [{ kind: 'keyword', connectionId: conn, phrase: 'promo', match: 'exact' }] });

    await ingest('5511933330001', 'oi'); // a new ticket, warms the caches
    const ticket = await k.db('tickets').where({ whatsappId: conn }).orderBy('id', 'desc').first();
    expect(ticket).toMatchObject({ userId: null, botStage: null, conversationHandler: null, status: 'pending' });
    const seen = await ingest('5511933330001', 'ainda aí?');
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(STEADY_MAX);
    expect(seen.filter((sql) => /flow_builder|"plans"/.test(sql)), seen.join('\n')).toEqual([]);
    expect(await runOf('5511933330001')).toBeUndefined();
  });

  it('the cached triggers start the flow on their keyword', async () => {
    await ingest('5511933330002', 'oi');
    const seen = await ingest('5511933330002', 'PROMO');
    expect(seen.filter((sql) => /from "flow_builder_triggers"/.test(sql))).toEqual([]);
    expect(await runOf('5511933330002')).toMatchObject({ flowId });
  });

  it('a change of triggers is seen at the next message (the cache is dropped on change)', async () => {
    await api('PUT', `/flowbuilder/${flowId}/triggers`, { triggers: [{ kind: 'keyword', connectionId: null, phrase: 'oferta', match: 'contains' }] });
    await ingest('5511933330003', 'oi');
    await ingest('5511933330003', 'promo');
    expect(await runOf('5511933330003')).toBeUndefined();
    await ingest('5511933330003', 'tem oferta hoje?');
    expect(await runOf('5511933330003')).toMatchObject({ flowId });
  });

  it('a publish is seen at the next message: the trigger starts the new version', async () => {
    await api('PUT', `/flowbuilder/${flowId}`, { graph: promo('Promoção nova!') });
    const v2 = await api('POST', `/flowbuilder/${flowId}/publish`);
    await ingest('5511933330004', 'oi');
    await ingest('5511933330004', 'oferta');
    expect(await runOf('5511933330004')).toMatchObject({ versionId: v2.id });
  });

  it('a plan without the module is seen at the next message (plan cache dropped on change) and starts nothing', async () => {
    await k.setPlanFlags(c.company.id, { useFlowBuilder: false });
    await ingest('5511933330005', 'oi');
    const seen = await ingest('5511933330005', 'oferta');
    expect(await runOf('5511933330005')).toBeUndefined();
    expect(seen.filter((sql) => /flow_builder|"plans"/.test(sql))).toEqual([]);
    await k.setPlanFlags(c.company.id, { useFlowBuilder: true });
  });

  it('a deleted flow starts nothing', async () => {
    await api('DELETE', `/flowbuilder/${flowId}`);
    await ingest('5511933330006', 'oi');
    await ingest('5511933330006', 'oferta');
    expect(await k.db('flowBuilderRuns').where({ companyId: c.company.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
