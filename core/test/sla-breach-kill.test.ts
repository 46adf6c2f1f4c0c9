import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, startChildKernel, waitFor, type ChildKernel, type TestKernel } from '@guiche/core/testing';

/**
 * An SLA breach survives its node being killed -9 in the middle of the claim (built kernel:
 * npx tsc -b): nothing of it commits, the timer stays due, and another node stamps and announces
 * the breach exactly once.
 */

let k: TestKernel;
let child: ChildKernel | null = null;
beforeAll(async () => {
  k = await createTestKernel();
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  await child?.kill().catch(() => undefined);
  await k?.close();
});

const MIN = 60000;
const lockWaits = async () =>
  (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n as number;

describe('SLA breach across a crash', () => {
  it('is recorded and announced once by another node after the first is killed -9 while recording it', { timeout: 90_000 }, async () => {
    const { company, admin } = await k.createCompany();
    const [q] = await k.db('queues').insert({ companyId: company.id, name: 'Suporte', color: '#112233' }).returning('id');
    const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
    const [w] = await k.db('whatsapps').insert({ companyId: company.id, name: 'Linha', channel: 'whatsapp', token }).returning('id');
    expect((await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q.id, firstResponseMinutes: 30 } })).status).toBe(201);
    const created = new Date(Date.now() - 60 * MIN);
    const [c] = await k.db('contacts').insert({ companyId: company.id, name: 'Rita', number: '5511977770002', channel: 'whatsapp' }).returning('id');
    const [ticket] = await k.db('tickets').insert({ companyId: company.id, whatsappId: w.id, contactId: c.id, queueId: q.id, status: 'pending', createdAt: created }).returning('id');
    const key = `ticket:${ticket.id}`;

    // First check as of 5 minutes after creation: the clock is set, the timer waits for the (past) deadline.
    await k.db('timedWork').where({ kind: 'sla.check', key }).update({ dueAt: created });
    expect(await k.kernel.core.timedWork.runDue(new Date(created.getTime() + 5 * MIN))).toBe(1);
    expect((await k.db('ticketSla').where({ ticketId: ticket.id }).first()).firstResponseBreachedAt).toBeNull();

    // Hold the ticket's SLA row so the child's check blocks inside its claim.
    const holder = await k.db.transaction();
    await holder('ticketSla').where({ ticketId: ticket.id }).forUpdate().first();
    child = await startChildKernel(k, { plugins: [], env: { TIMED_WORK_POLL_MS: '20' } });
    await waitFor(async () => (await lockWaits()) > 0 || null, { timeout: 30_000 });
    await child.kill('SIGKILL');
    child = null;
    await holder.rollback();

    await waitFor(async () => (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'")).rows[0].n === 0 || null, { timeout: 30_000 });
    expect((await k.db('ticketSla').where({ ticketId: ticket.id }).first()).firstResponseBreachedAt).toBeNull();
    const row = await k.db('timedWork').where({ kind: 'sla.check', key }).first();
    expect(new Date(row.dueAt).getTime()).toBe(created.getTime() + 30 * MIN);

    const socket = await k.socket(admin.token);
    const heard: unknown[] = [];
    socket.on(`company-${company.id}-slaBreach`, (e) => heard.push(e));
    const breach = nextEvent(socket, `company-${company.id}-slaBreach`);
    await k.kernel.core.timedWork.runDue();
    expect(await breach).toMatchObject({ kind: 'firstResponse', ticketId: ticket.id });
    expect((await k.db('ticketSla').where({ ticketId: ticket.id }).first()).firstResponseBreachedAt).not.toBeNull();
    // Fired: no timer left for a ticket with nothing more to breach; another run announces nothing.
    expect(await k.db('timedWork').where({ kind: 'sla.check', key }).first()).toBeUndefined();
    expect(await k.kernel.core.timedWork.runDue()).toBe(0);
    const marker = nextEvent(socket, `company-${company.id}-slaTarget`);
    await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q.id, whatsappId: w.id, resolutionMinutes: 600 } });
    await marker;
    expect(heard).toHaveLength(1);
  });
});
