import { expect } from 'vitest';
import type { Agent } from './agent.js';
import { METRICS_TOKEN, type Cluster } from './cluster-world.js';
import type { DrainObservation } from './drain-probe.js';
import type { Traffic } from './traffic.js';
import type { Visitor } from './visitor.js';

/**
 * The assertion groups of the cluster scenario, one function each, so that a group can be added
 * (media across nodes, /health and /metrics) without touching the others. Each waits by polling
 * for the deployment to settle, never for a fixed time.
 */
export interface ScenarioState {
  cluster: Cluster;
  companyId: number;
  accounts: { account: string; connectionId: number }[];
  traffic: Traffic;
  visitor: Visitor;
  agents: Agent[];
  schedules: { id: number; body: string }[];
  /** What node 1's drain showed (set by the scenario's SIGTERM step). */
  drain: DrainObservation | null;
  /** When each step of the scenario happened, for failure messages. */
  timeline: { step: string; at: Date }[];
}

const SETTLE = { timeout: 180_000, interval: 250 };

/** Every inbound message (WhatsApp and website) is stored, and stored once. */
export async function assertNoInboundLostOrStoredTwice({ cluster, traffic, visitor, companyId }: ScenarioState): Promise<void> {
  const db = cluster.base.db;
  const wids = [...traffic.whatsapp.keys()];
  await expect
    .poll(async () => {
      const stored = new Set(await db('messages').whereIn('wid', wids).pluck('wid'));
      return wids.filter((w) => !stored.has(w));
    }, SETTLE)
    .toEqual([]);
  const twice = await db('messages').whereIn('wid', wids).groupBy('wid').havingRaw('count(*) > 1').pluck('wid');
  expect(twice).toEqual([]);

  const lines = await db('messages').where({ companyId, fromMe: false }).whereIn('body', visitor.sent).pluck('body');
  expect([...lines].sort()).toEqual([...visitor.sent].sort());
}

/** Each WhatsApp connection runs on exactly one node again, and never ran on two at once. */
export async function assertEachConnectionHeldByOneNode({ cluster, accounts }: ScenarioState): Promise<void> {
  const names = accounts.map((a) => a.account);
  await expect
    .poll(() => Object.values(cluster.hub.holders(names)).map((nodes) => nodes.length), SETTLE)
    .toEqual(names.map(() => 1));
  const live = new Set(cluster.nodes.filter((n) => n.child).map((n) => n.name));
  for (const nodes of Object.values(cluster.hub.holders(names))) expect(live.has(nodes[0]!)).toBe(true);
  await expect
    .poll(async () => cluster.base.db('whatsapps').whereIn('id', accounts.map((a) => a.connectionId)).orderBy('id').pluck('status'), SETTLE)
    .toEqual(accounts.map(() => 'CONNECTED'));
  expect(cluster.hub.overlaps).toEqual([]);
}

/** Every agent's socket that was lost came back through the proxy, and every socket is connected at the end. */
export async function assertAgentSocketsReconnected({ agents }: ScenarioState): Promise<void> {
  for (const agent of agents) await expect.poll(() => agent.socket.connected, SETTLE).toBe(true);
  expect(agents.some((a) => a.reconnects > 0)).toBe(true);
  for (const agent of agents) {
    expect(agent.reconnects).toBe(agent.disconnects);
    await agent.settled();
  }
}

/**
 * Each agent saw every inbound message, live or by the refetch after reconnecting. A node killed
 * between a message's commit and its live event leaves agents on other nodes (who never
 * disconnect, so never refetch) without it until the node taking over its connection announces
 * the connection's recent messages again, or the message is received again (decisions log, issue 27).
 */
export async function assertAgentsMissedNothing(state: ScenarioState): Promise<void> {
  const { cluster, agents, companyId, timeline } = state;
  await assertAgentSocketsReconnected(state);
  const inbound = (await cluster.base.db('messages').where({ companyId, fromMe: false }).pluck('id')).map(Number);
  for (const [i, agent] of agents.entries()) {
    const missed = () => inbound.filter((id) => !agent.seen.has(id));
    try {
      await expect.poll(missed, { timeout: 30_000, interval: 250 }).toEqual([]);
    } catch (err) {
      const rows = await cluster.base.db('messages').whereIn('id', missed()).select('id', 'wid', 'ticketId', 'createdAt');
      const steps = timeline.map((t) => `${t.at.toISOString()} ${t.step}`).join('\n');
      throw new Error(`agent ${i} (disconnects ${agent.disconnects}, reconnects ${agent.reconnects}, at ${agent.log.join(', ')}) missed ${JSON.stringify(rows)}\n${steps}\n${String(err)}`);
    }
  }
}

/** Each scheduled message was sent once: one message row per schedule, and no timer left behind. */
export async function assertTimedWorkFiredOnce({ cluster, schedules }: ScenarioState): Promise<void> {
  const db = cluster.base.db;
  const ids = schedules.map((s) => s.id);
  await expect
    .poll(async () => db('schedules').whereIn('id', ids).orderBy('id').pluck('status'), SETTLE)
    .toEqual(ids.map(() => 'ENVIADA'));
  for (const s of schedules) {
    const rows = await db('messages').where({ body: s.body, fromMe: true });
    expect(rows, s.body).toHaveLength(1);
  }
  expect((await db('schedules').whereIn('id', ids).select('sentCount')).map((r) => r.sentCount)).toEqual(ids.map(() => 1));
  expect(await db('timedWork').where({ kind: 'schedules.send' }).whereIn('key', ids.map(String))).toEqual([]);
}

/**
 * The drain told the truth: readiness 503 while the node drained, its metrics still answered,
 * nginx kept serving from the other nodes, the upload it had admitted completed, and it exited 0.
 */
export async function assertDrainObserved({ drain }: ScenarioState): Promise<void> {
  expect(drain).not.toBeNull();
  const { readyWhileDraining, metricsWhileDraining, throughProxy, exitCode } = drain!;
  expect({ readyWhileDraining, metricsWhileDraining, throughProxy, exitCode }).toEqual({
    readyWhileDraining: 503,
    metricsWhileDraining: 200,
    throughProxy: throughProxy.map(() => 200),
    exitCode: 0,
  });
}

/** The file uploaded through the draining node is in the bucket: every node serves it, by byte range too. */
export async function assertMediaServedByEveryNode({ cluster, drain }: ScenarioState): Promise<void> {
  const { key, content } = drain!.media;
  const path = cluster.base.kernel.core.storage.url(key);
  for (const node of cluster.nodes) {
    const res = await fetch(`http://127.0.0.1:${node.port}${path}`, { headers: { range: 'bytes=1000-1999' } });
    expect(res.status, node.name).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${content.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(content.subarray(1000, 2000)), node.name).toBe(true);
  }
}

const series = (text: string, name: string, labels = ''): number =>
  Number(new RegExp(`^${name}${labels.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

/**
 * Once settled, every node is ready, and the nodes' /metrics add up to the truth: each running
 * connection counted on exactly one node, and every agent's and the visitor's socket on one.
 */
export async function assertProbesTellTheTruth({ cluster, agents }: ScenarioState): Promise<void> {
  const scrape = async () =>
    Promise.all(
      cluster.nodes.map(async (node) => {
        const ready = await fetch(`http://127.0.0.1:${node.port}/health/ready`);
        await ready.arrayBuffer();
        const res = await fetch(`http://127.0.0.1:${node.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        return { ready: ready.status, metrics: res.status, text: await res.text() };
      }),
    );
  const connected = async () => Number((await cluster.base.db('whatsapps').where({ status: 'CONNECTED' }).count({ n: '*' }).first())!.n);
  await expect
    .poll(async () => {
      const nodes = await scrape();
      return {
        ready: nodes.map((n) => n.ready),
        metrics: nodes.map((n) => n.metrics),
        sessions: nodes.reduce((sum, n) => sum + series(n.text, 'guiche_channel_sessions', '{status="CONNECTED"}'), 0),
        sockets: nodes.reduce((sum, n) => sum + series(n.text, 'guiche_sockets_connected'), 0),
      };
    }, SETTLE)
    .toEqual({ ready: cluster.nodes.map(() => 200), metrics: cluster.nodes.map(() => 200), sessions: await connected(), sockets: agents.length + 1 });
}

/** The groups every run checks, in order. */
export const SCENARIO_ASSERTIONS = [
  assertNoInboundLostOrStoredTwice,
  assertEachConnectionHeldByOneNode,
  assertTimedWorkFiredOnce,
  assertAgentSocketsReconnected,
  assertAgentsMissedNothing,
  assertDrainObserved,
  assertMediaServedByEveryNode,
  assertProbesTellTheTruth,
];
