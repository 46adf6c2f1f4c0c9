import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, waitFor, type ChildKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { DISPATCH_KIND, dispatchKey } from '../src/dispatch.js';
import { contactList } from './support.js';

/**
 * Exactly once across processes (built kernel and plugin: run `npx tsc -b` first). The parent has
 * no campaigns plugin, so only child nodes claim the campaign's timers; the rows are set up as a
 * started campaign leaves them (EM_ANDAMENTO, one pending shipping row per contact, a due timer
 * per connection). The children run no channel: each message stays stored for the outbound queue,
 * which is where "sent once" is decided — one message row per contact.
 */

const PLUGIN = '@guiche/plugin-campaigns';
let k: TestKernel;
let c: TestCompany;
const children: ChildKernel[] = [];

beforeAll(async () => {
  k = await createTestKernel({ plugins: [] });
  c = await k.createCompany({ planFlags: { useCampaigns: true } });
  await k.db('campaignSettings').insert(['messageInterval', 'longerIntervalAfter', 'greaterInterval'].map((key) => ({ companyId: c.company.id, key, value: '0' })));
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await k?.close();
});

async function node(name: string): Promise<ChildKernel> {
  const child = await startChildKernel(k, { plugins: [PLUGIN], env: { TIMED_WORK_POLL_MS: '20', NODE_NAME: name } });
  children.push(child);
  return child;
}

let seq = 0;
async function connection(): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId: c.company.id, name: `Linha ${++seq}`, channel: 'whatsapp', token, status: 'CONNECTED' }).returning('id');
  // These tests are about exactly-once across processes, not the ban guard: no daily cap or warm-up in the way.
  await k.db('campaignConnectionGuards').insert({ companyId: c.company.id, connectionId: row.id, dailyCap: 1_000_000, warmupDays: 0 });
  return row.id;
}

/** A running campaign over `n` contacts on the connections, due now. */
async function runningCampaign(n: number, connections: number[]) {
  const list = await contactList(k, c, n);
  const id = await k.db.transaction(async (trx) => {
    const [row] = await trx('campaigns').insert({ companyId: c.company.id, name: 'Grande', status: 'EM_ANDAMENTO', contactListId: list.id, whatsappIds: connections, message1: 'Uma vez {nome}' }).returning('id');
    await trx.raw(
      `INSERT INTO campaign_shippings (company_id, campaign_id, contact_list_item_id, number, name) SELECT company_id, ?, id, number, name FROM contact_list_items WHERE contact_list_id = ? ORDER BY id`,
      [row.id, list.id],
    );
    for (const connectionId of connections) {
      await trx('timedWork').insert({ kind: DISPATCH_KIND, key: dispatchKey(row.id, connectionId), companyId: c.company.id, dueAt: new Date(), payload: JSON.stringify({ campaignId: row.id, connectionId, sentSinceBreak: 0 }) });
    }
    return row.id as number;
  });
  return { id, numbers: list.numbers };
}

const pendingOf = async (id: number) => Number((await k.db('campaignShippings').where({ campaignId: id, state: 'pending' }).count({ n: '*' }).first())?.n);

/** Message rows per contact number of the campaign (outbound, not private). */
async function messagesPerNumber(numbers: string[]): Promise<Map<string, number>> {
  const rows = await k.db('messages as m').join('contacts as ct', 'ct.id', 'm.contactId').where({ 'm.fromMe': true, 'm.companyId': c.company.id }).whereIn('ct.number', numbers).groupBy('ct.number').select('ct.number', k.db.raw('count(*)::int AS n'));
  return new Map(rows.map((r: { number: string; n: number }) => [r.number, r.n]));
}

async function expectEachOnce(id: number, numbers: string[]) {
  const per = await messagesPerNumber(numbers);
  expect(numbers.filter((n) => per.get(n) !== 1)).toEqual([]);
  const shippings = await k.db('campaignShippings').where({ campaignId: id });
  expect(shippings.filter((s) => s.state !== 'sending' || !s.messageId)).toEqual([]);
  expect(new Set(shippings.map((s) => s.messageId)).size).toBe(numbers.length);
}

describe('campaign dispatch across processes', () => {
  it('loses and doubles nothing when the node is killed -9 inside its claim transaction, at the message insert', async () => {
    const conn = await connection();
    const { id, numbers } = await runningCampaign(20, [conn]);
    // First in the file: no other node runs yet (the send is one statement, the insert inside a CTE). Holding the messages table stops the doomed node inside its claim, after it took a shipping row.
    const holder: Knex.Transaction = await k.db.transaction();
    try {
      await holder.raw('LOCK TABLE messages IN EXCLUSIVE MODE');
      const doomed = await node('doomed-in-claim');
      await waitFor(async () => {
        const waiting = await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND (query ILIKE '%insert into \"messages\"%' OR query ILIKE '%insert into messages%')");
        return waiting.rows[0].n > 0 || null;
      }, { timeout: 60_000 });
      await doomed.kill('SIGKILL');
    } finally {
      await holder.rollback();
    }
    // Nothing of the killed claim is left: every row still pending, no message.
    expect(await pendingOf(id)).toBe(20);
    expect([...(await messagesPerNumber(numbers)).values()]).toEqual([]);
    await node('survivor-after-claim');
    await waitFor(async () => (await pendingOf(id)) === 0 || null, { timeout: 120_000 });
    await expectEachOnce(id, numbers);
  }, 240_000);

  it('loses and doubles no contact when the sending node is killed -9 mid-campaign', async () => {
    const conn = await connection();
    const { id, numbers } = await runningCampaign(300, [conn]);
    const doomed = await node('doomed');
    await waitFor(async () => (await pendingOf(id)) < 250 || null, { timeout: 60_000, interval: 5 });
    await doomed.kill('SIGKILL');
    const left = await pendingOf(id);
    expect(left).toBeGreaterThan(0);
    await node('survivor');
    await waitFor(async () => (await pendingOf(id)) === 0 || null, { timeout: 120_000 });
    await expectEachOnce(id, numbers);
  }, 240_000);

  it('sends each contact once with two nodes dispatching the same campaign over two connections', async () => {
    const conns = [await connection(), await connection()];
    const { id, numbers } = await runningCampaign(200, conns);
    await Promise.all([node('node-a'), node('node-b')]);
    await waitFor(async () => (await pendingOf(id)) === 0 || null, { timeout: 120_000 });
    await expectEachOnce(id, numbers);
    const used = await k.db('campaignShippings').where({ campaignId: id }).groupBy('connectionId').select('connectionId', k.db.raw('count(*)::int AS n'));
    expect(used.map((u: { connectionId: number }) => u.connectionId).sort()).toEqual([...conns].sort());
  }, 240_000);
});
