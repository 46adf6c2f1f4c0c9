import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, Rooms } from '@guiche/contracts';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, nextEvent, waitFor, type TestKernel } from '@guiche/core/testing';
import { probePlugin } from './fixtures/probe-plugins.js';

/** Two API nodes on one PostgreSQL and one Redis, as behind a load balancer. */
let nodeA: TestKernel;
let nodeB: Kernel;
let urlB: string;

beforeAll(async () => {
  nodeA = await createTestKernel({ plugins: [probePlugin] });
  const { config } = nodeA.kernel.core;
  nodeB = await createKernel(loadConfig({}, { ...config, PORT: 0 }), { plugins: [probePlugin] });
  urlB = (await nodeB.listen()).replace('0.0.0.0', '127.0.0.1');
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

describe('two nodes', () => {
  it('a token issued by one node is accepted by the other (shared secret)', async () => {
    const { admin } = await nodeA.createCompany();
    const res = await fetch(`${urlB}/api/auth/me`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
  });

  it('a plan change on node A is enforced by node B on its next request (cache invalidated over Redis)', async () => {
    const { admin, company } = await nodeA.createCompany();
    const probeOnB = () => fetch(`${urlB}/api/probe`, { headers: { authorization: `Bearer ${admin.token}` } }).then((r) => r.status);
    expect(await probeOnB()).toBe(200);
    await nodeA.setPlanFlags(company.id, { useKanban: false });
    await waitFor(async () => (await probeOnB()) === 403, { timeout: 5000 });
  });

  it('an event emitted on node B reaches a socket connected to node A', async () => {
    const { admin, company } = await nodeA.createCompany();
    const socket = await nodeA.socket(admin.token);
    const received = nextEvent(socket, Events.user(company.id));
    nodeB.core.realtime.emit(Rooms.company(company.id), Events.user(company.id), { action: 'update', from: 'B' });
    expect(await received).toEqual({ action: 'update', from: 'B' });
  });
});
