import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../src/testing/index.js';
import { Agent } from './agent.js';
import { SCENARIO_ASSERTIONS, type ScenarioState } from './assertions.js';
import { METRICS_TOKEN, startCluster, type Cluster } from './cluster-world.js';
import { drainWithUploadInFlight } from './drain-probe.js';
import { startTraffic, type WhatsappCustomer } from './traffic.js';
import { Visitor } from './visitor.js';

/**
 * Issue 27, the cluster test: three nodes (real processes of the built kernel: `npx tsc -b` first)
 * behind nginx, on this machine's PostgreSQL and a redis-server of the test's own. Under steady
 * traffic — agents' sockets and a website visitor through nginx, WhatsApp sessions spread over the
 * nodes, scheduled messages falling due — node 1 is drained (SIGTERM), node 2 crashes (kill -9),
 * Redis restarts empty, and both nodes start again. Then nothing inbound is lost or doubled, every
 * connection is held by one node, every agent caught up, and each timer fired once; the drain
 * answered 503 on readiness while nginx served from the others, the upload it had admitted landed
 * in the bucket and every node serves it by range, and the nodes' /metrics add up.
 */

const ACCOUNTS = ['5511910000001', '5511910000002', '5511910000003'];
let cluster: Cluster;
let state: ScenarioState | null = null;

beforeAll(async () => {
  cluster = await startCluster(3);
}, 300_000);
afterAll(async () => {
  state?.visitor.close();
  for (const agent of state?.agents ?? []) agent.close();
  await cluster?.close();
});

/** A call through nginx, retried while no node can answer (every node restarting). */
async function api(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  for (;;) {
    const res = await fetch(`${cluster.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status !== 502) return { status: res.status, body: await res.json().catch(() => null) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const statusOf = async (id: number) => (await cluster.base.db('whatsapps').where({ id }).first('status'))?.status;
const storedInbound = async (companyId: number) => Number((await cluster.base.db('messages').where({ companyId, fromMe: false }).count({ n: '*' }).first())!.n);

describe('a three-node deployment behind nginx', () => {
  it('loses nothing and doubles nothing through a drain, a crash and a Redis restart', async () => {
    const { company, admin } = await cluster.base.createCompany();
    const companyId = company.id;

    // WhatsApp connections, paired one after the other (the phone scans each QR).
    const accounts: ScenarioState['accounts'] = [];
    for (const [i, account] of ACCOUNTS.entries()) {
      const res = await api('POST', '/whatsapp', admin.token, { name: `WhatsApp ${i + 1}`, channel: 'whatsapp', isDefault: i === 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      cluster.hub.pair(await cluster.hub.unpaired.take(60_000), account);
      await waitFor(async () => (await statusOf(res.body.id)) === 'CONNECTED', { timeout: 60_000 });
      accounts.push({ account, connectionId: res.body.id });
    }
    const site = await api('POST', '/whatsapp', admin.token, { name: 'Site', channel: 'webchat' });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    await waitFor(async () => (await statusOf(site.body.id)) === 'CONNECTED', { timeout: 60_000 });

    const agents = [admin, ...(await Promise.all([1, 2, 3, 4, 5].map(() => cluster.base.createUser(companyId, { profile: 'admin' }))))].map(
      (user) => new Agent(cluster.url, user.token, companyId),
    );
    await Promise.all(agents.map((a) => a.connected()));
    const visitor = new Visitor(cluster.url, (await api('GET', `/webchat/sites/${site.body.id}`, admin.token)).body.token);
    const customers: WhatsappCustomer[] = ACCOUNTS.flatMap((account, i) => [1, 2].map((c) => ({ account, number: `552190000${i}${c}00` })));
    const traffic = startTraffic(cluster.hub, customers, visitor);
    const schedules: ScenarioState['schedules'] = [];
    const timeline: ScenarioState['timeline'] = [];
    const step = (name: string) => timeline.push({ step: name, at: new Date() });
    state = { cluster, companyId, accounts, traffic, visitor, agents, schedules, timeline, drain: null };
    step('traffic started');

    /** Waits until the deployment stored `count` more inbound messages: the scenario moves on only while traffic flows. */
    const progress = async (count = 10) => {
      const from = await storedInbound(companyId);
      await waitFor(async () => (await storedInbound(companyId)) >= from + count, { timeout: 180_000 });
    };

    await progress();
    // Scheduled messages to the customers, falling due while the nodes go down and come back.
    const contacts = await waitFor(async () => {
      const rows = await cluster.base.db('contacts').where({ companyId, channel: 'whatsapp' }).pluck('id');
      return rows.length === customers.length ? rows : null;
    }, { timeout: 60_000 });
    for (const [i, contactId] of contacts.entries()) {
      const body = `Agendada ${i + 1}`;
      const res = await api('POST', '/schedules', admin.token, { body, contactId, sendAt: new Date(Date.now() + 2000 + i * 4000).toISOString() });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      schedules.push({ id: res.body.id, body });
    }

    const [one, two] = cluster.nodes as [Cluster['nodes'][0], Cluster['nodes'][0]];
    step('SIGTERM node 1 (an upload in flight)');
    state.drain = await drainWithUploadInFlight(cluster, one, admin.token, METRICS_TOKEN);
    step('node 1 exited');
    await progress();
    step('kill -9 node 2');
    await cluster.stopNode(two, 'SIGKILL');
    await progress();
    step('Redis restart');
    await cluster.redis.restart();
    step('Redis back');
    await progress();
    await cluster.startNode(one);
    step('node 1 started');
    await cluster.startNode(two);
    step('node 2 started');
    await progress();
    await traffic.stop();
    step('traffic stopped');

    for (const check of SCENARIO_ASSERTIONS) await check(state);
  }, 900_000);
});
