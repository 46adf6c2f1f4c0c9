import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { BIRTHDAY_KIND } from '../src/contacts/birthdays.js';

/**
 * The daily birthday greeting (issue #33) fired with the timed work's runDue(now) on a fake clock
 * (São Paulo wall times years ahead): once per contact on their day, through their last
 * connection, 29 February greeted on the 28th in a common year, never twice, never another company's.
 */

let k: TestKernel;
let a: TestCompany;
let b: TestCompany;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
  // Timers fire only when the test says (runDue on its clock): enabling arms the row for the wall clock's today.
  await k.kernel.core.timedWork.stop();
  a = await k.createCompany();
  b = await k.createCompany();
});
afterAll(async () => k?.close());

/** A São Paulo wall time (UTC−3 all year since 2019) as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const timer = (companyId: number) => k.db('timedWork').where({ kind: BIRTHDAY_KIND, key: String(companyId) }).first();

async function connection(companyId: number): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId, name: `Linha ${++seq}`, channel: 'whatsapp', token, status: 'CONNECTED' }).returning('id');
  return row.id;
}

/** A contact with this birthday who last talked through `connections` (the last one newest). */
async function contact(companyId: number, name: string, birthday: string | null, connections: number[]): Promise<number> {
  const [row] = await k.db('contacts').insert({ companyId, name, number: `55119${String(30000000 + ++seq)}`, channel: 'whatsapp', birthday }).returning('id');
  let at = Date.now() - 10 * 86400_000;
  for (const whatsappId of connections) {
    await k.db('tickets').insert({ companyId, contactId: row.id, whatsappId, status: 'closed', updatedAt: new Date((at += 3600_000)) });
  }
  return row.id;
}

const greetings = (contactId: number) => k.db('messages').where({ contactId, fromMe: true }).orderBy('id').select('body', 'whatsappId');

async function setting(c: TestCompany, key: string, value: string) {
  const res = await k.api('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('birthday greetings', () => {
  it('greets on the day at the send time, once, through the last connection; 29 February on the 28th of a common year', async () => {
    const first = await connection(a.company.id);
    const last = await connection(a.company.id);
    const feb28 = await contact(a.company.id, 'Ana Lima', '1990-02-28', [first, last]);
    const feb29 = await contact(a.company.id, 'Bia Leap', '1992-02-29', [first]);
    const mar1 = await contact(a.company.id, 'Caio Março', '1985-03-01', [last]);
    const nobody = await contact(a.company.id, 'Sem Data', null, [first]);
    const other = await contact(b.company.id, 'Outra Empresa', '1990-02-28', [await connection(b.company.id)]);

    expect(await timer(a.company.id)).toBeUndefined();
    await setting(a, 'birthdayMessage', 'Parabéns, {{firstName}}! 🎂');
    await setting(a, 'birthdayTime', '10:00');
    await setting(a, 'birthdayMessages', 'enabled');
    expect(await timer(a.company.id)).toMatchObject({ companyId: a.company.id });
    expect(await timer(b.company.id)).toBeUndefined();

    // Before the send time nothing goes; the row waits for it.
    await runDue(sp('2027-02-28T09:59:00'));
    expect(await greetings(feb28)).toEqual([]);
    expect(new Date((await timer(a.company.id)).dueAt).toISOString()).toBe(sp('2027-02-28T10:00:00').toISOString());

    await runDue(sp('2027-02-28T10:00:00'));
    expect(await greetings(feb28)).toEqual([{ body: 'Parabéns, Ana! 🎂', whatsappId: last }]);
    expect(await greetings(feb29)).toEqual([{ body: 'Parabéns, Bia! 🎂', whatsappId: first }]);
    expect(await greetings(mar1)).toEqual([]);
    expect(await greetings(nobody)).toEqual([]);
    expect(await greetings(other)).toEqual([]);
    expect(new Date((await timer(a.company.id)).dueAt).toISOString()).toBe(sp('2027-03-01T10:00:00').toISOString());

    // The same day again (a second run, forced): nobody twice.
    await k.db('timedWork').where({ kind: BIRTHDAY_KIND, key: String(a.company.id) }).update({ dueAt: sp('2027-02-28T11:00:00') });
    await runDue(sp('2027-02-28T11:00:00'));
    expect(await greetings(feb28)).toHaveLength(1);
    expect(await greetings(feb29)).toHaveLength(1);

    await runDue(sp('2027-03-01T10:00:00'));
    expect(await greetings(mar1)).toEqual([{ body: 'Parabéns, Caio! 🎂', whatsappId: last }]);
    expect(await greetings(feb29)).toHaveLength(1);

    // A leap year: 28 February is Ana's only, Bia's day is the 29th.
    await k.db('timedWork').where({ kind: BIRTHDAY_KIND, key: String(a.company.id) }).update({ dueAt: sp('2028-02-28T10:00:00') });
    await runDue(sp('2028-02-28T10:00:00'));
    expect(await greetings(feb28)).toHaveLength(2);
    expect(await greetings(feb29)).toHaveLength(1);
    await runDue(sp('2028-02-29T10:00:00'));
    expect(await greetings(feb29)).toHaveLength(2);
    expect(await greetings(other)).toEqual([]);
  });

  it('switched off, the row is dropped and nothing is sent', async () => {
    const conn = await connection(b.company.id);
    const someone = await contact(b.company.id, 'Dani Off', '1990-06-15', [conn]);
    await setting(b, 'birthdayMessages', 'enabled');
    expect(await timer(b.company.id)).toBeDefined();
    await setting(b, 'birthdayMessages', 'disabled');
    expect(await timer(b.company.id)).toBeUndefined();
    await runDue(sp('2031-06-15T12:00:00'));
    expect(await greetings(someone)).toEqual([]);
  });

  it('refuses a send time that is not HH:MM; only admins change the birthday settings', async () => {
    for (const value of ['25:00', '9:00', 'nove']) {
      const res = await k.api('PUT', '/settings/birthdayTime', { token: a.admin.token, body: { value } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('validation.time');
    }
    const agent = await k.createUser(a.company.id);
    expect((await k.api('PUT', '/settings/birthdayMessages', { token: agent.token, body: { value: 'enabled' } })).status).toBe(403);
  });
});
