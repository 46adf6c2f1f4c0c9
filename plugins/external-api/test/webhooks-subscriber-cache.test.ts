import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createSubscriberCache } from '../src/webhooks/subscriber-cache.js';
import { SUBSCRIPTIONS } from '../src/webhooks/subscriptions.js';

/** The per-node copy of a company's subscriptions is read once, not once per event. */
let k: TestKernel;
let c: TestCompany;

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
});
afterAll(async () => {
  await k?.close();
});

it('reads a company’s subscriptions once for many events, and again after a change', async () => {
  const core = k.kernel.core;
  const cache = createSubscriberCache({ db: k.db, bus: core.bus, log: core.log });
  const reads: string[] = [];
  const count = (query: { sql: string }) => {
    if (query.sql.includes(`"${SUBSCRIPTIONS}"`) || query.sql.includes('webhook_subscriptions')) reads.push(query.sql);
  };
  k.db.on('query', count);
  try {
    for (let i = 0; i < 5; i++) expect(await cache.of(c.company.id, ['message.created'])).toEqual([]);
    expect(reads).toHaveLength(1);
    await cache.changed(c.company.id);
    await cache.of(c.company.id, ['message.created']);
    expect(reads).toHaveLength(2);
  } finally {
    k.db.removeListener('query', count);
  }
});
