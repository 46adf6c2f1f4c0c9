import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, waitFor, type ChildKernel, type TestKernel } from '@guiche/core/testing';
import { TEST_REDIS_URL } from '../src/testing/databases.js';
import { FakeWire } from './channels-fake-wire.js';

/**
 * Failover of a channel connection between real processes (ARCHITECTURE §14): two child nodes
 * run the WhatsApp channel of fixtures/wire-channel-plugin.mjs, whose session is a socket to a fake
 * WhatsApp server. The parent only serves the API and runs no channel. A holder killed -9, or one
 * cut off from Redis, is replaced by the other node, and the fake WhatsApp never sees two sockets
 * of one connection at once. Child nodes run the built kernel (`npx tsc -b` first).
 */
const wirePlugin = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'wire-channel-plugin.mjs')).href;

let k: TestKernel;
const wire = new FakeWire();
let wireAddress: string;
const children: ChildKernel[] = [];
const proxies: RedisBlackhole[] = [];

/** A TCP proxy to Redis that can stop forwarding without closing anything: the node's commands hang. */
interface RedisBlackhole {
  url: string;
  cut(): void;
  close(): Promise<void>;
}

async function redisBlackhole(): Promise<RedisBlackhole> {
  const upstream = new URL(TEST_REDIS_URL);
  const pairs: [net.Socket, net.Socket][] = [];
  let cut = false;
  const server = net.createServer((client) => {
    const redis = net.connect(Number(upstream.port || 6379), upstream.hostname);
    pairs.push([client, redis]);
    for (const s of [client, redis]) s.on('error', () => undefined);
    if (cut) return;
    client.pipe(redis);
    redis.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}${upstream.pathname}`,
    cut() {
      cut = true;
      for (const [client, redis] of pairs) {
        client.unpipe(redis);
        redis.unpipe(client);
        client.pause();
        redis.pause();
      }
    },
    async close() {
      for (const pair of pairs) pair.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  wireAddress = await wire.listen();
  k = await createTestKernel();
});
afterAll(async () => {
  for (const child of children) await child.kill();
  for (const proxy of proxies) await proxy.close();
  await k?.close();
  await wire.close();
});

async function node(label: string, env: Record<string, string> = {}): Promise<ChildKernel> {
  const child = await startChildKernel(k, { plugins: [wirePlugin], env: { PROBE_NODE: label, WIRE_SERVER: wireAddress, ...env } });
  children.push(child);
  return child;
}

async function wireConnection() {
  const company = await k.createCompany();
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Wire', channel: 'whatsapp' } });
  expect(res.status).toBe(201);
  const connectionId = res.body.id as number;
  const [contact] = await k.db('contacts').insert({ companyId: company.company.id, name: 'Cliente', number: `55119${connectionId}`.padEnd(13, '0'), channel: 'whatsapp' }).returning('id');
  const [ticket] = await k.db('tickets').insert({ companyId: company.company.id, contactId: contact.id, whatsappId: connectionId, status: 'open', channel: 'whatsapp', userId: company.admin.user.id }).returning('id');
  return { company, connectionId, ticketId: ticket.id as number };
}

async function sendThrough(url: string, token: string, ticketId: number, body: string): Promise<number> {
  const res = await fetch(`${url}${k.kernel.core.config.API_BASE}/messages/${ticketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { id: number }[] }).messages[0]!.id;
}

const sendStatus = async (id: number) => (await k.db('messages').where({ id }).first('sendStatus'))?.sendStatus as string | undefined;

describe('a connection whose node dies', () => {
  it('kill -9 of the holder: the other node takes the connection over and sends, never two sockets at once', { timeout: 300_000 }, async () => {
    const nodes = { A: await node('A'), B: await node('B') };
    const { company, connectionId, ticketId } = await wireConnection();
    const [first] = await waitFor(() => (wire.live(connectionId).length === 1 ? wire.live(connectionId) : null), { timeout: 30_000 });
    const holder = first!.node as 'A' | 'B';
    const survivor = holder === 'A' ? 'B' : 'A';

    const killedAt = Date.now();
    await nodes[holder].kill();
    const [taken] = await waitFor(() => (wire.live(connectionId).some((s) => s.node === survivor) ? wire.live(connectionId) : null), { timeout: 60_000 });
    console.log(`take-over after kill -9: ${taken!.openedAt - killedAt} ms (lease ttl ${k.kernel.core.config.CHANNEL_LEASE_TTL_MS} ms)`);

    const messageId = await sendThrough(nodes[survivor].url, company.admin.token, ticketId, 'depois da queda');
    await waitFor(async () => (await sendStatus(messageId)) === 'sent', { timeout: 30_000 });
    expect(wire.sends.filter((s) => s.messageId === messageId)).toEqual([expect.objectContaining({ node: survivor, connectionId, body: expect.stringContaining('depois da queda') })]);
    expect(wire.sockets.filter((s) => s.connectionId === connectionId).map((s) => s.node)).toEqual([holder, survivor]);
    expect(wire.overlaps).toBe(0);
    await nodes[survivor].kill();
  });

  it('a holder cut off from Redis stops its session before another node starts one', { timeout: 300_000 }, async () => {
    const proxy = await redisBlackhole();
    proxies.push(proxy);
    const { connectionId } = await wireConnection();
    // Only the node behind the proxy runs at first, so it is the holder.
    const isolated = await node('isolated', { REDIS_URL: proxy.url });
    await waitFor(() => wire.live(connectionId).length === 1, { timeout: 30_000 });
    const other = await node('other');

    proxy.cut();
    await waitFor(() => wire.live(connectionId).some((s) => s.node === 'other'), { timeout: 60_000 }).catch((e) => {
      console.log('sockets seen by the fake WhatsApp', JSON.stringify(wire.sockets), '\nisolated node:', isolated.lines.join('\n'), '\nother node:', other.lines.join('\n'));
      throw e;
    });
    const [old, next] = wire.sockets.filter((s) => s.connectionId === connectionId);
    expect(old).toMatchObject({ node: 'isolated' });
    expect(old!.closedAt).toBeDefined();
    expect(old!.closedAt!).toBeLessThanOrEqual(next!.openedAt);
    expect(wire.overlaps).toBe(0);
    await isolated.kill();
    await other.kill();
  });
});
