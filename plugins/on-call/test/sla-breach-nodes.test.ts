import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildKernel, waitFor, type ChildKernel, type TestKernel } from '@guiche/core/testing';
import { connectedCompany, FakeWorld, startKernel, week } from './support.js';
import { breachingTicket, slaTarget, windowAroundNow } from './sla-support.js';

/**
 * The on-call page of an SLA breach is a row, not memory: a node killed -9 while paging commits
 * nothing and another pages once; two nodes sweeping page each breach once. The child nodes run the
 * built kernel and plugin (`npx tsc -b` first).
 */
const world = new FakeWorld();
let k: TestKernel;
const children: ChildKernel[] = [];
beforeAll(async () => {
  k = await startKernel(world);
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  for (const child of children) await child.kill().catch(() => undefined);
  await k?.close();
});

const MIN = 60_000;
const child = async (env: Record<string, string> = {}) => {
  const node = await startChildKernel(k, { plugins: ['@guiche/plugin-on-call'], env: { TIMED_WORK_POLL_MS: '20', ...env } });
  children.push(node);
  return node;
};
const pages = async (ticketId: number) =>
  Number((await k.db('messages').whereLike('body', `%ticket #${ticketId} de %estourou o SLA%`).count({ n: '*' }).first())!.n);
const lockWaits = async () =>
  (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n as number;

async function onDutyCompany(phone: string) {
  const company = await connectedCompany(k, world);
  const res = await k.api('POST', '/plantao', { token: company.admin.token, body: { userId: company.admin.user.id, phone, interval: 30, days: week(windowAroundNow()), pageSlaBreaches: true } });
  expect(res.status).toBe(201);
  return company;
}

describe('on-call SLA pages across nodes', () => {
  it('a node killed -9 while paging commits nothing; the page is sent once by the node that remains', { timeout: 120_000 }, async () => {
    const company = await onDutyCompany('5511977770001');
    const { queueId, ticketId } = await breachingTicket(k, company, { createdAt: new Date(Date.now() - 40 * MIN) });
    await slaTarget(k, company.admin.token, { queueId, firstResponseMinutes: 30 });
    const timer = () => k.db('timedWork').where({ kind: 'on-call.sla-breach', key: `${ticketId}:firstResponse` }).first();

    // Hold the page's record: the child records the breach (with its page timer), then blocks paging; kill it there.
    const holder = await k.db.transaction();
    await holder('plantaoSlaAlerts').insert({ companyId: company.company.id, ticketId, kind: 'firstResponse' });
    const node = await child();
    await waitFor(async () => (await lockWaits()) > 0 || null, { timeout: 30_000 });
    await node.kill('SIGKILL');
    await holder.rollback();
    await waitFor(async () => (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'")).rows[0].n === 0 || null, { timeout: 30_000 });

    expect((await k.db('ticketSla').where({ ticketId }).first()).firstResponseBreachedAt).not.toBeNull();
    expect(await pages(ticketId)).toBe(0);
    expect(await timer()).toBeDefined();
    // The dead node's backend may still hold the claim for a moment after the holder let go (it was
    // waiting on the lock, not yet idle): the remaining node takes the timer once the database drops it.
    await waitFor(async () => (await k.kernel.core.timedWork.runDue()) >= 1 || null, { timeout: 30_000 });
    expect(await pages(ticketId)).toBe(1);
    expect(await timer()).toBeUndefined();
    await k.kernel.core.timedWork.runDue(new Date(Date.now() + 10 * MIN));
    expect(await pages(ticketId)).toBe(1);
    await waitFor(() => world.outbound.all.find((d) => d.toId === '5511977770001'));
  });

  it('with two nodes sweeping, each breach is paged exactly once', { timeout: 120_000 }, async () => {
    const company = await onDutyCompany('5511977770002');
    const tickets: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { queueId, ticketId } = await breachingTicket(k, company, { createdAt: new Date(Date.now() - 40 * MIN) });
      await slaTarget(k, company.admin.token, { queueId, firstResponseMinutes: 30 });
      tickets.push(ticketId);
    }
    await child();
    // Both nodes race for the SLA checks and then for the pages.
    await waitFor(
      async () => {
        await k.kernel.core.timedWork.runDue();
        const left = await k.db('timedWork').whereIn('kind', ['sla.check', 'on-call.sla-breach']).whereIn('key', tickets.flatMap((id) => [`ticket:${id}`, `${id}:firstResponse`]));
        return left.length === 0 || null;
      },
      { timeout: 60_000, interval: 30 },
    );
    for (const id of tickets) expect(await pages(id)).toBe(1);
    expect(Number((await k.db('plantaoSlaAlerts').whereIn('ticketId', tickets).sum({ n: 'notified' }).first())!.n)).toBe(tickets.length);
  });
});
