import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestKernel, startChildKernel, waitFor, type ChildKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { connection, contact, sentTo } from './support.js';

/**
 * Exactly once across processes (built kernel and plugin: run `npx tsc -b` first). The parent
 * kernel has no schedules plugin, so only the child nodes claim 'schedules.send' timers; the rows
 * are set up directly as the API would leave them (a PENDENTE schedule and its due timer).
 */

const PLUGIN = '@guiche/plugin-schedules';
let k: TestKernel;
let c: TestCompany;
let conn: number;
const children: ChildKernel[] = [];

beforeAll(async () => {
  k = await createTestKernel({ plugins: [] });
  c = await k.createCompany({ planFlags: { useSchedules: true } });
  conn = await connection(k, c.company.id, { isDefault: true });
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

/** A PENDENTE schedule due a second ago with its timer, as POST /schedules leaves it. */
async function dueSchedule(contactId: number, body: string): Promise<number> {
  const sendAt = new Date(Date.now() - 1000);
  return k.db.transaction(async (trx) => {
    const [row] = await trx('schedules').insert({ companyId: c.company.id, contactId, userId: c.admin.user.id, body, sendAt, firstSendAt: sendAt }).returning('id');
    await trx('timedWork').insert({ kind: 'schedules.send', key: String(row.id), companyId: c.company.id, dueAt: sendAt, payload: JSON.stringify({ scheduleId: row.id }) });
    return row.id as number;
  });
}

const statusOf = async (id: number) => (await k.db('schedules').where({ id }).first('status')).status as string;

describe('schedules across processes', () => {
  it('sends once when the node sending it is killed -9 in the middle of the send', async () => {
    const to = await contact(k, c.company.id);
    const [ticket] = await k.db('tickets').insert({ companyId: c.company.id, contactId: to, whatsappId: conn, status: 'open' }).returning('id');
    // Holding the ticket row stops the doomed node inside its claim transaction, at the message insert.
    const holder: Knex.Transaction = await k.db.transaction();
    try {
      await holder('tickets').where({ id: ticket.id }).forUpdate().first('id');
      const id = await dueSchedule(to, 'Enviada uma única vez');
      const doomed = await node('doomed');
      await waitFor(async () => {
        const waiting = await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND (query ILIKE '%tickets%for update%' OR query ILIKE '%update \"tickets\"%' OR query ILIKE '%update tickets%')");
        return waiting.rows[0].n > 0 || null;
      }, { timeout: 60_000 });
      await doomed.kill('SIGKILL');
      expect(await statusOf(id)).toBe('PENDENTE');
    } finally {
      await holder.rollback();
    }
    await node('survivor');
    const id = (await k.db('schedules').where({ contactId: to }).first('id')).id as number;
    await waitFor(async () => ((await statusOf(id)) === 'ENVIADA') || null, { timeout: 60_000 });
    expect((await sentTo(k, to)).map((m) => [m.body, m.ticketId])).toEqual([['Enviada uma única vez', ticket.id]]);
    expect(await k.db('schedules').where({ id }).first('sentCount', 'ticketId')).toEqual({ sentCount: 1, ticketId: ticket.id });
    expect(await k.db('timedWork').where({ kind: 'schedules.send', key: String(id) }).first()).toBeUndefined();
  }, 180_000);

  it('sends each of 40 due schedules exactly once with two nodes sweeping', async () => {
    const contacts: number[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const to = await contact(k, c.company.id);
      contacts.push(to);
      ids.push(await dueSchedule(to, `Agendada ${i}`));
    }
    await Promise.all([node('node-a'), node('node-b')]);
    await waitFor(async () => {
      const pending = await k.db('schedules').whereIn('id', ids).whereNot({ status: 'ENVIADA' }).count({ n: '*' }).first();
      return Number(pending?.n) === 0 || null;
    }, { timeout: 120_000 });
    for (const [i, to] of contacts.entries()) expect((await sentTo(k, to)).map((m) => m.body)).toEqual([`Agendada ${i}`]);
    const tickets = await k.db('tickets').whereIn('contactId', contacts).count({ n: '*' }).first();
    expect(Number(tickets?.n)).toBe(40);
  }, 240_000);
});
