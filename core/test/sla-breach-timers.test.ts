import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type SlaBreach } from '@guiche/core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { slaFixtures } from './sla-support.js';

/**
 * A plugin's breach timer (ctx.sla.timerOnBreach) is set with the breach, in its transaction, only for
 * companies whose plan enables the plugin; its handler gets the breach once.
 */
const fired: SlaBreach[] = [];
const flagged = definePlugin({
  id: 'breach-fixture',
  kind: 'module',
  planFlag: 'useKanban',
  register(ctx) {
    ctx.timedWork.define<SlaBreach>('breach-fixture.page', async (job) => void fired.push(job.payload));
    ctx.sla.timerOnBreach('breach-fixture.page');
  },
});

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ plugins: [flagged] });
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => k?.close());

const MIN = 60_000;
const { queue, connection, next } = slaFixtures(() => k, 0x600000);
async function breaching(companyId: number, token: string) {
  const q = await queue(companyId);
  const w = await connection(companyId);
  const n = next();
  const [c] = await k.db('contacts').insert({ companyId, name: `Cliente ${n}`, number: `55217${String(40000000 + n)}`, channel: 'whatsapp' }).returning('id');
  const createdAt = new Date(Date.now() - 40 * MIN);
  const [t] = await k.db('tickets').insert({ companyId, whatsappId: w, contactId: c.id, queueId: q, status: 'pending', createdAt, updatedAt: createdAt }).returning('id');
  expect((await k.api('POST', '/sla-targets', { token, body: { queueId: q, firstResponseMinutes: 30 } })).status).toBe(201);
  return t.id as number;
}

describe('SLA breach timers of plugins', () => {
  it('are set with the breach for a company whose plan has the flag, never for one without it', async () => {
    const on = await k.createCompany({ planFlags: { useKanban: true } });
    const off = await k.createCompany({ planFlags: { useKanban: false } });
    const onTicket = await breaching(on.company.id, on.admin.token);
    const offTicket = await breaching(off.company.id, off.admin.token);
    await k.kernel.core.timedWork.runDue(new Date());
    await k.kernel.core.timedWork.runDue(new Date());
    for (const ticketId of [onTicket, offTicket]) expect((await k.db('ticketSla').where({ ticketId }).first()).firstResponseBreachedAt).not.toBeNull();
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ companyId: on.company.id, ticketId: onTicket, kind: 'firstResponse', action: 'breach' });
    expect(await k.db('timedWork').where({ kind: 'breach-fixture.page' })).toEqual([]);
  });
});
