import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

/**
 * SQL round trips of a message the bot answers (a count, not a time), beside the plain steady
 * message of core/test/ingest-queries.test.ts (10): a menu answer costs the steady message plus the
 * bot's reads (contact, options: 3), its answer through the outbound sender (lock, contact, insert,
 * touch: 4), the ticket's new state and log (2), and the answer's live event after the commit (~6).
 */
const STEADY_MAX = 10;
const MENU_ANSWER_MAX = STEADY_MAX + 16;

let k: TestKernel;
let c: TestCompany;
let conn: number;
let seq = 0;
const scope = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  const companyId = c.company.id;
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await k.db('whatsapps').insert({ companyId, name: 'Line', channel: 'whatsapp', token, greetingMessage: 'Olá' }).returning('id'))[0].id;
  const queues = await k.db('queues').insert([{ companyId, name: 'A', color: '#a00000', orderQueue: 1 }, { companyId, name: 'B', color: '#b00000', orderQueue: 2 }]).returning('id');
  await k.db('whatsappQueues').insert(queues.map((q: { id: number }) => ({ companyId, whatsappId: conn, queueId: q.id })));
  const [parent] = await k.db('chatbots').insert({ companyId, queueId: queues[0].id, name: 'Planos', greetingMessage: 'Planos:' }).returning('id');
  await k.db('chatbots').insert({ companyId, queueId: queues[0].id, parentId: parent.id, name: 'Básico', greetingMessage: 'R$ 49' });
  k.db.on('query', (query: { sql: string }) => scope.getStore()?.push(query.sql));
});
afterAll(async () => k?.close());

function inbound(number: string, body: string): NormalizedMessage {
  return { wid: `B-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: `${number}@s.whatsapp.net`, number, name: 'Maria' }, body, mediaType: 'chat' };
}

async function queriesOf(message: NormalizedMessage): Promise<string[]> {
  const seen: string[] = [];
  await scope.run(seen, () => k.kernel.core.ingest.ingest(conn, message));
  return seen;
}

describe('SQL queries of a message the bot answers', () => {
  it(`a menu answer takes at most ${MENU_ANSWER_MAX} queries; a message after the bot let go takes the steady ${STEADY_MAX}`, async () => {
    await queriesOf(inbound('5511922220001', 'oi')); // greeting + queue menu, warms the caches
    await queriesOf(inbound('5511922220001', '1')); // queue A's options
    const answer = await queriesOf(inbound('5511922220001', '1'));
    expect(answer.length, answer.join('\n')).toBeLessThanOrEqual(MENU_ANSWER_MAX);
    expect(answer.filter((sql) => /from "(settings|whatsapps)"/.test(sql))).toEqual([]);

    // An agent takes the conversation: the bot is out of the way again.
    const ticket = await k.db('tickets').where({ whatsappId: conn }).orderBy('id', 'desc').first();
    await k.api('PUT', `/tickets/${ticket.id}`, { token: c.admin.token, body: { status: 'open', userId: c.admin.user.id } });
    expect(await k.db('tickets').where({ id: ticket.id }).first()).toMatchObject({ botStage: null, isBot: false });
    const steady = await queriesOf(inbound('5511922220001', 'obrigada'));
    expect(steady.length, steady.join('\n')).toBeLessThanOrEqual(STEADY_MAX);
  });
});
