import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPorts, BullmqJobs, DiskStorage, MemoryBus, MemoryJobs, MemoryLeases, RedisBus, RedisLeases } from '../../src/ports/index.js';
import { deleteKeys, recordingLogger, REDIS_URL, uniquePrefix, waitFor } from './helpers.js';

const keyPrefix = uniquePrefix('factory');
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'guiche-ports-'));
});
afterAll(async () => {
  await rm(storageDir, { recursive: true, force: true });
  await deleteKeys(keyPrefix);
});

describe('createPorts', () => {
  it('uses the in-process drivers without a Redis URL', async () => {
    const ports = await createPorts({ keyPrefix, storageDir, logger: recordingLogger() });
    expect(ports.bus).toBeInstanceOf(MemoryBus);
    expect(ports.jobs).toBeInstanceOf(MemoryJobs);
    expect(ports.leases).toBeInstanceOf(MemoryLeases);
    expect(ports.redis).toBeUndefined();
    expect(ports.storage).toBeInstanceOf(DiskStorage);
    expect((ports.storage as DiskStorage).root).toBe(path.resolve(storageDir));
    await ports.close();
  });

  it('uses the Redis drivers with a Redis URL, runs a job end to end, and closes every connection', async () => {
    const ports = await createPorts({ redisUrl: REDIS_URL, keyPrefix, storageDir, logger: recordingLogger() });
    expect(ports.bus).toBeInstanceOf(RedisBus);
    expect(ports.jobs).toBeInstanceOf(BullmqJobs);
    expect(ports.leases).toBeInstanceOf(RedisLeases);
    const extra = await ports.redis!.connect();

    const received: unknown[] = [];
    ports.jobs.define<{ text: string }>('outbound:1', {
      handler: async (data) => {
        await ports.bus.publish('message.sent', data, { companyId: 1 });
      },
    });
    ports.bus.subscribe('message.sent', (m) => void received.push(m.payload));
    await ports.jobs.start();
    await ports.jobs.enqueue('outbound:1', { text: 'oi' });
    await waitFor(() => received.length === 1, 'job to publish on the bus');
    expect(received).toEqual([{ text: 'oi' }]);

    const lease = await ports.leases.acquire('connection:1', 5_000);
    expect(lease?.held).toBe(true);
    await ports.close();
    for (const client of [ports.redis!.pub, ports.redis!.sub, extra]) expect(client.status).toBe('end');
  });

  it('fails fast when Redis is unreachable', async () => {
    await expect(
      createPorts({ redisUrl: 'redis://127.0.0.1:1', keyPrefix, storageDir, logger: recordingLogger() }),
    ).rejects.toThrow();
  });
});
