import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { Rooms } from '@guiche/contracts';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';

/** A redis-server of this test's own, on a spare port, that the test kills and starts again. */
let port = 0;
let redis: ChildProcess | undefined;
let a: TestKernel;
let b: TestKernel;
let company: TestCompany;
let socket: Socket;

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

async function startRedis(): Promise<void> {
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
  redis = child;
  await waitFor(async () => {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } finally {
      probe.disconnect();
    }
  });
}

async function killRedis(): Promise<void> {
  const child = redis;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const readyOf = async (k: TestKernel) => (await fetch(`${k.url}/health/ready`)).status;

beforeAll(async () => {
  port = await sparePort();
  await startRedis();
  const config = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `gtest:rr${randomBytes(4).toString('hex')}` };
  a = await createTestKernel({ config });
  b = await createTestKernel({ config });
  company = await a.createCompany();
  socket = await a.socket(company.admin.token);
});
afterAll(async () => {
  socket?.disconnect();
  await a?.close();
  await b?.close();
  await killRedis();
});

/** Emits from node b until the socket on node a receives it: the cross-node fan-out works. */
async function liveEventArrives(): Promise<boolean> {
  const nonce = randomBytes(4).toString('hex');
  let seen = false;
  const handler = (payload: { nonce?: string }) => {
    if (payload?.nonce === nonce) seen = true;
  };
  socket.on('ops-probe', handler);
  try {
    await expect.poll(() => {
      b.kernel.core.realtime.emit(Rooms.company(company.company.id), 'ops-probe', { nonce });
      return seen;
    }, { timeout: 20_000, interval: 200 }).toBe(true);
  } finally {
    socket.off('ops-probe', handler);
  }
  return seen;
}

/** Publishes on node b until node a's subscriber receives it. */
async function busMessageArrives(): Promise<boolean> {
  const topic = `test.ops.${randomBytes(4).toString('hex')}`;
  let seen = false;
  const unsubscribe = a.kernel.core.bus.subscribe(topic, () => {
    seen = true;
  });
  try {
    await expect.poll(async () => {
      await b.kernel.core.bus.publish(topic, {}, { companyId: null }).catch(() => undefined);
      return seen;
    }, { timeout: 20_000, interval: 200 }).toBe(true);
  } finally {
    unsubscribe();
  }
  return seen;
}

describe('a Redis restart', () => {
  it('is recovered from by itself: readiness, live events across nodes, the bus, jobs and leases work again', async () => {
    const handled: number[] = [];
    a.kernel.core.jobs.define<{ n: number }>('test.ops.restart', { handler: async (data) => void handled.push(data.n) });
    expect(await liveEventArrives()).toBe(true);
    expect(await busMessageArrives()).toBe(true);
    await b.kernel.core.jobs.enqueue('test.ops.restart', { n: 1 });
    await expect.poll(() => handled).toEqual([1]);

    await killRedis();
    await expect.poll(() => readyOf(a)).toBe(503);
    expect(await (await fetch(`${a.url}/health/ready`)).json()).toMatchObject({ checks: { redis: 'down' } });
    await startRedis();

    await expect.poll(() => readyOf(a), { timeout: 20_000 }).toBe(200);
    await expect.poll(() => readyOf(b), { timeout: 20_000 }).toBe(200);
    expect(await liveEventArrives()).toBe(true);
    expect(await busMessageArrives()).toBe(true);
    await expect.poll(async () => {
      await b.kernel.core.jobs.enqueue('test.ops.restart', { n: 2 }, { jobId: 'after-restart' }).catch(() => undefined);
      return handled.includes(2);
    }, { timeout: 20_000, interval: 500 }).toBe(true);
    const lease = await a.kernel.core.leases.acquire(`ops-restart-${randomBytes(3).toString('hex')}`);
    expect(lease).not.toBeNull();
    await lease?.release();
  }, 240_000);
});
