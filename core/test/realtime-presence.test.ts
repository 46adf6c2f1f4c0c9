import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportEvents } from '@guiche/contracts';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, nextEvent, waitFor, type TestKernel } from '@guiche/core/testing';
import { TEST_REDIS_URL } from '../src/testing/databases.js';
import { RedisPresenceCounter } from '../src/realtime/presence-counter.js';

/**
 * Presence (company-<id>-userOnline) across two API nodes: a user is announced online when their
 * first socket arrives on any node and offline when their last one leaves, whatever the number of
 * sockets, and a node that died without closing its sockets has its users taken offline by another.
 */
let nodeA: TestKernel;
let nodeB: Kernel;
let urlB: string;
let redis: Redis;
const socketsB: Socket[] = [];

beforeAll(async () => {
  nodeA = await createTestKernel();
  nodeB = await createKernel(loadConfig({}, { ...nodeA.kernel.core.config, PORT: 0 }), { plugins: [] });
  urlB = (await nodeB.listen()).replace('0.0.0.0', '127.0.0.1');
  redis = new Redis(TEST_REDIS_URL);
});
afterAll(async () => {
  for (const s of socketsB) s.disconnect();
  await nodeB?.close();
  await nodeA?.close();
  await redis?.quit();
});

async function socketOnB(token: string): Promise<Socket> {
  const socket = connect(urlB, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  socketsB.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const prefix = () => nodeA.kernel.core.config.REDIS_PREFIX;
const nodesOf = (companyId: number, userId: number) => redis.smembers(`${prefix()}:presence:user:${companyId}:${userId}`);

describe('presence across nodes', () => {
  it('several sockets of one user on two nodes: one online event, and one offline when the last leaves', async () => {
    const { company, admin } = await nodeA.createCompany();
    const other = await nodeA.createCompany();
    const agent = await nodeA.createUser(company.id, { name: 'Agente' });
    const sentinel = await nodeA.createUser(company.id, { name: 'Sentinela' });
    const observer = await nodeA.socket(admin.token);
    const outsider = await nodeA.socket(other.admin.token);
    const seen: { userId: number; online: boolean }[] = [];
    observer.on(ReportEvents.userOnline(company.id), (p: { userId: number; online: boolean }) => seen.push(p));
    const leaked: unknown[] = [];
    outsider.onAny((event: string, payload: unknown) => event.startsWith(`company-${company.id}-`) && leaked.push(payload));
    const agentEvents = () => seen.filter((e) => e.userId === agent.user.id);

    const onA = [await nodeA.socket(agent.token), await nodeA.socket(agent.token)];
    await waitFor(() => agentEvents().length === 1);
    const onB = await socketOnB(agent.token);
    await waitFor(async () => (await nodesOf(company.id, agent.user.id)).length === 2);
    // The sentinel's events follow any of the agent's that node B would have sent before them.
    const sentinelSocket = await socketOnB(sentinel.token);
    await nextEvent(observer, ReportEvents.userOnline(company.id), (p: { userId: number }) => p.userId === sentinel.user.id);
    expect(agentEvents()).toEqual([{ userId: agent.user.id, online: true }]);
    expect((await nodeA.db('users').where({ id: agent.user.id }).first('online')).online).toBe(true);

    onA[0]!.disconnect();
    onB.disconnect();
    await waitFor(async () => (await nodesOf(company.id, agent.user.id)).length === 1, { timeout: 30_000 });
    expect(agentEvents()).toHaveLength(1);
    onA[1]!.disconnect();
    await waitFor(() => agentEvents().length === 2, { timeout: 30_000 });
    sentinelSocket.disconnect();
    await nextEvent(observer, ReportEvents.userOnline(company.id), (p: { userId: number; online: boolean }) => p.userId === sentinel.user.id && !p.online, 30_000);
    expect(agentEvents()).toEqual([
      { userId: agent.user.id, online: true },
      { userId: agent.user.id, online: false },
    ]);
    expect((await nodeA.db('users').where({ id: agent.user.id }).first('online')).online).toBe(false);
    expect(leaked).toEqual([]);
  });

  it('a user whose only socket reconnects to the other node announces nothing', async () => {
    const { company, admin } = await nodeA.createCompany();
    const agent = await nodeA.createUser(company.id, { name: 'Agente' });
    const sentinel = await nodeA.createUser(company.id, { name: 'Sentinela' });
    const observer = await nodeA.socket(admin.token);
    const seen: { userId: number; online: boolean }[] = [];
    observer.on(ReportEvents.userOnline(company.id), (p: { userId: number; online: boolean }) => seen.push(p));
    const agentEvents = () => seen.filter((e) => e.userId === agent.user.id);
    const onA = await nodeA.socket(agent.token);
    await waitFor(() => agentEvents().length === 1);

    onA.disconnect();
    await socketOnB(agent.token);
    // Node B joined while node A's socket still counted; A's leave has run once only B is left.
    await waitFor(async () => (await nodesOf(company.id, agent.user.id)).length === 2);
    await waitFor(async () => (await nodesOf(company.id, agent.user.id)).length === 1, { timeout: 30_000 });
    await nodeA.socket(sentinel.token);
    await nextEvent(observer, ReportEvents.userOnline(company.id), (p: { userId: number }) => p.userId === sentinel.user.id);
    expect(agentEvents()).toEqual([{ userId: agent.user.id, online: true }]);
    expect((await nodeA.db('users').where({ id: agent.user.id }).first('online')).online).toBe(true);
  });

  it('the users of a node that died are taken offline by a live node, once', async () => {
    const presencePrefix = `${prefix()}-reap`;
    const dead = new RedisPresenceCounter({ redis, prefix: presencePrefix, heartbeatMs: 60_000 });
    const liveA = new RedisPresenceCounter({ redis, prefix: presencePrefix, heartbeatMs: 60_000 });
    const liveB = new RedisPresenceCounter({ redis, prefix: presencePrefix, heartbeatMs: 60_000 });
    const [alone, shared] = [
      { companyId: 1, userId: 10 },
      { companyId: 1, userId: 11 },
    ];
    expect(await dead.join(alone)).toBe(true);
    expect(await dead.join(alone)).toBe(false);
    expect(await dead.join(shared)).toBe(true);
    expect(await liveA.join(shared)).toBe(false);
    expect([await liveA.reap(), await liveB.reap()]).toEqual([[], []]);

    // The dead node's heartbeat lapses (a kill -9 stops renewing it).
    const aliveKeys = await redis.keys(`${presencePrefix}:presence:alive:*`);
    expect(aliveKeys).toHaveLength(3);
    const [deadNode] = await redis.smembers(`${presencePrefix}:presence:user:1:10`);
    await redis.del(`${presencePrefix}:presence:alive:${deadNode}`);

    const reaped = [await liveA.reap(), await liveB.reap()];
    expect(reaped.flat()).toEqual([alone]);
    expect(await liveA.leave(shared)).toBe(true);
    await Promise.all([dead, liveA, liveB].map((c) => c.close()));
    const left = await redis.keys(`${presencePrefix}:*`);
    await redis.del(...left, 'unused');
  });

  it('the last node to stop takes its users offline itself; an earlier one leaves them to the reap', async () => {
    const presencePrefix = `${prefix()}-last`;
    const [a, b] = [0, 1].map(() => new RedisPresenceCounter({ redis, prefix: presencePrefix, heartbeatMs: 60_000 })) as [RedisPresenceCounter, RedisPresenceCounter];
    const [onA, onB, onBoth] = [20, 21, 22].map((userId) => ({ companyId: 1, userId }));
    await a.join(onA!);
    await b.join(onB!);
    await a.join(onBoth!);
    await b.join(onBoth!);
    // b still runs: a's users stay in their sets (a reconnect to b would announce nothing).
    expect(await a.close()).toEqual([]);
    expect(await redis.smembers(`${presencePrefix}:presence:user:1:20`)).toHaveLength(1);
    // b is the last: nobody would reap it, so every user left with no node goes offline now.
    const gone = await b.close();
    expect(gone.map((u) => u.userId).sort()).toEqual([20, 21, 22]);
    expect(await redis.keys(`${presencePrefix}:presence:user:*`)).toEqual([]);
    const left = await redis.keys(`${presencePrefix}:*`);
    await redis.del(...left, 'unused');
  });

  it('two last nodes stopping together take every user offline once', async () => {
    const presencePrefix = `${prefix()}-together`;
    const [a, b] = [0, 1].map(() => new RedisPresenceCounter({ redis, prefix: presencePrefix, heartbeatMs: 60_000 })) as [RedisPresenceCounter, RedisPresenceCounter];
    const users = [30, 31, 32].map((userId) => ({ companyId: 1, userId }));
    await a.join(users[0]!);
    await b.join(users[1]!);
    await a.join(users[2]!);
    await b.join(users[2]!);
    const gone = (await Promise.all([a.close(), b.close()])).flat();
    expect(gone.map((u) => u.userId).sort()).toEqual([30, 31, 32]);
    const left = await redis.keys(`${presencePrefix}:*`);
    await redis.del(...left, 'unused');
  });
});
