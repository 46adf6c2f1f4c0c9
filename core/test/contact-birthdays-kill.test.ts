import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, waitFor, type ChildKernel, type TestKernel } from '@guiche/core/testing';
import { localMoment } from '../src/contacts/birthday-day.js';
import { BIRTHDAY_KIND } from '../src/contacts/birthdays.js';

/**
 * A birthday greeting survives its node being killed -9 in the middle of the claim (built kernel:
 * npx tsc -b): nothing of it commits — no message, no "greeted" mark — the row stays due, and
 * another node sends the greeting exactly once.
 */

let k: TestKernel;
let child: ChildKernel | null = null;
beforeAll(async () => {
  k = await createTestKernel();
  // Only the child sweeps until it dies; then this node runs what is due by hand.
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  await child?.kill().catch(() => undefined);
  await k?.close();
});

const lockWaits = async () =>
  (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n as number;

describe('birthday greeting across a crash', () => {
  it('is sent once by another node after the first is killed -9 while sending it', { timeout: 90_000 }, async () => {
    const { company, admin } = await k.createCompany();
    const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
    const [conn] = await k.db('whatsapps').insert({ companyId: company.id, name: 'Linha', channel: 'whatsapp', token, status: 'CONNECTED' }).returning('id');
    const today = localMoment(new Date());
    const birthday = `1990-${String(today.month).padStart(2, '0')}-${String(today.date).padStart(2, '0')}`;
    const [contact] = await k.db('contacts').insert({ companyId: company.id, name: 'Rita Festa', number: '5511977770001', channel: 'whatsapp', birthday }).returning('id');
    const [ticket] = await k.db('tickets').insert({ companyId: company.id, contactId: contact.id, whatsappId: conn.id, status: 'open', userId: admin.user.id }).returning('id');

    // Hold the contact's ticket so the child's greeting blocks inside its claim.
    const holder = await k.db.transaction();
    await holder('tickets').where({ id: ticket.id }).forUpdate().first();

    for (const [key, value] of [['birthdayMessage', 'Feliz aniversário, {{firstName}}!'], ['birthdayTime', '00:00'], ['birthdayMessages', 'enabled']]) {
      expect((await k.api('PUT', `/settings/${key}`, { token: admin.token, body: { value } })).status).toBe(200);
    }
    child = await startChildKernel(k, { plugins: [], env: { TIMED_WORK_POLL_MS: '20' } });
    await waitFor(async () => (await lockWaits()) > 0 || null, { timeout: 30_000 });

    await child.kill('SIGKILL');
    child = null;
    await holder.rollback();

    // Nothing of the killed claim committed: no message, no mark, the row still due today.
    await waitFor(async () => (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'")).rows[0].n === 0 || null, { timeout: 30_000 });
    expect(await k.db('messages').where({ contactId: contact.id, fromMe: true }).first()).toBeUndefined();
    expect((await k.db('contacts').where({ id: contact.id }).first('birthdayGreetedOn')).birthdayGreetedOn).toBeNull();
    const row = await k.db('timedWork').where({ kind: BIRTHDAY_KIND, key: String(company.id) }).first();
    expect(new Date(row.dueAt).getTime()).toBeLessThanOrEqual(Date.now());

    await waitFor(async () => {
      await k.kernel.core.timedWork.runDue();
      return (await k.db('messages').where({ contactId: contact.id, fromMe: true }).first()) ? true : null;
    }, { timeout: 30_000 });
    await k.kernel.core.timedWork.runDue();
    const sent = await k.db('messages').where({ contactId: contact.id, fromMe: true }).select('body', 'ticketId');
    expect(sent).toEqual([{ body: 'Feliz aniversário, Rita!', ticketId: ticket.id }]);
    expect((await k.db('contacts').where({ id: contact.id }).first('birthdayGreetedOn')).birthdayGreetedOn).toBe(today.day);
    // Set again for tomorrow's send time.
    expect(new Date((await k.db('timedWork').where({ kind: BIRTHDAY_KIND, key: String(company.id) }).first()).dueAt).getTime()).toBeGreaterThan(Date.now());
  });
});
