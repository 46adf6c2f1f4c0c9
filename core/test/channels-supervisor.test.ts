import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { defineChannel } from '@guiche/core';
import type { RedisLeases } from '../src/ports/index.js';
import { createAuthStateStore } from '../src/channels/auth-state.js';
import { leaseKey, RELEASED_TOPIC } from '../src/channels/supervisor.js';
import { FakeWorld, createFakeConnection, fakeChannel } from './channels-fake-channel.js';

const world = new FakeWorld();
let k: TestKernel;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))] });
});
afterAll(async () => {
  await k?.close();
});

const status = async (id: number) => (await k.db('whatsapps').where({ id }).first('status'))?.status;
const startsOf = (id: number) => world.starts.filter((s) => s.connectionId === id).length;
const liveOf = (id: number) => world.live.get(id)?.length ?? 0;
const held = () => k.kernel.core.channels.held();

async function connected(id: number): Promise<void> {
  await waitFor(async () => (await status(id)) === 'CONNECTED' && liveOf(id) === 1);
}

describe('session supervisor', () => {
  it('a new connection gets a running session on the node that won its lease', async () => {
    const { connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    expect(held()).toContain(connectionId);
    expect(startsOf(connectionId)).toBe(1);
    const session = world.session(connectionId)!;
    expect(session.io.connection).toMatchObject({ id: connectionId, channel: 'webchat', name: 'Fake' });
  });

  it('retries a failing start with backoff until it connects', async () => {
    world.failStarts = 2;
    const { connectionId } = await createFakeConnection(k);
    await waitFor(async () => (await status(connectionId)) === 'CONNECTED', { timeout: 20000 });
    expect(startsOf(connectionId)).toBe(3);
    expect(liveOf(connectionId)).toBe(1);
  });

  it('restart connections replaces the running session', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    const first = world.session(connectionId);
    expect((await k.api('POST', '/whatsapp-restart/', { token: company.admin.token })).status).toBe(200);
    await waitFor(() => startsOf(connectionId) === 2 && world.session(connectionId) !== first && liveOf(connectionId) === 1);
    expect(world.stops.filter((s) => s.connectionId === connectionId)).toHaveLength(1);
    await connected(connectionId);
  });

  it('reconnects a dropped session', async () => {
    const { connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    world.session(connectionId)!.drop();
    await waitFor(() => startsOf(connectionId) === 2 && liveOf(connectionId) === 1, { timeout: 15000 });
    await connected(connectionId);
  });

  it('"disconnect" logs out, clears the auth state, and stays down until a start request', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    const store = createAuthStateStore(k.db, company.company.id, connectionId);
    await store.set([{ category: 'creds', id: 'main', value: { paired: true } }]);

    expect((await k.api('DELETE', `/whatsappsession/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    await waitFor(() => world.logouts.includes(connectionId) && !held().includes(connectionId));
    await waitFor(async () => (await store.get('creds', 'main')) === null);
    expect(await status(connectionId)).toBe('DISCONNECTED');
    expect(liveOf(connectionId)).toBe(0);

    // A takeover attempt (what the sweep and a node's shutdown trigger) leaves it alone.
    await k.kernel.core.bus.publish(RELEASED_TOPIC, { connectionIds: [connectionId] }, { companyId: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(startsOf(connectionId)).toBe(1);

    expect((await k.api('POST', `/whatsappsession/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    await connected(connectionId);
    expect(startsOf(connectionId)).toBe(2);
  });

  it('a session that reports logged out is never reconnected and loses its auth state', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    const store = createAuthStateStore(k.db, company.company.id, connectionId);
    await store.set([{ category: 'creds', id: 'main', value: { paired: true } }]);
    const session = world.session(connectionId)!;
    session.io.disconnected({ action: 'logout', code: 401 });
    await waitFor(async () => (await status(connectionId)) === 'DISCONNECTED' && !held().includes(connectionId));
    expect(await store.get('creds', 'main')).toBeNull();
    await k.kernel.core.bus.publish(RELEASED_TOPIC, { connectionIds: [connectionId] }, { companyId: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(startsOf(connectionId)).toBe(1);
  });

  it('a session that asks to stop stays stopped and DISCONNECTED', async () => {
    const { connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    world.session(connectionId)!.io.disconnected({ action: 'stop', code: 440 });
    await waitFor(async () => (await status(connectionId)) === 'DISCONNECTED' && liveOf(connectionId) === 0 && !held().includes(connectionId));
    expect(startsOf(connectionId)).toBe(1);
  });

  it('a restart request from the session restarts it at once', async () => {
    const { connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    world.session(connectionId)!.io.disconnected({ action: 'restart', code: 515 });
    await waitFor(() => startsOf(connectionId) === 2 && liveOf(connectionId) === 1);
  });

  it('"new QR" drops the stored auth state and starts a fresh session', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    const store = createAuthStateStore(k.db, company.company.id, connectionId);
    await store.set([{ category: 'creds', id: 'main', value: { paired: true } }]);
    expect((await k.api('PUT', `/whatsappsession/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    await waitFor(() => startsOf(connectionId) === 2 && liveOf(connectionId) === 1);
    expect(await store.get('creds', 'main')).toBeNull();
  });

  it('settings changes reach the running session; deleting the connection stops it', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    const session = world.session(connectionId)!;
    expect((await k.api('PUT', `/whatsapp/${connectionId}`, { token: company.admin.token, body: { name: 'Renamed', allowGroup: true } })).status).toBe(200);
    await waitFor(() => session.io.connection.name === 'Renamed' && session.io.connection.allowGroup === true);
    expect((await k.api('DELETE', `/whatsapp/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    await waitFor(() => liveOf(connectionId) === 0 && !held().includes(connectionId));
  });

  it('stops the session at once when its lease is lost', async () => {
    const { connectionId } = await createFakeConnection(k);
    await connected(connectionId);
    const leases = k.kernel.ports.leases as RedisLeases;
    // Another holder took the key (as after a long pause of this node): the next renewal finds it gone.
    await k.kernel.ports.redis!.pub.set(leases.redisKey(leaseKey(connectionId)), 'another-node', 'PX', 60000);
    await waitFor(() => liveOf(connectionId) === 0 && !held().includes(connectionId), { timeout: 20000 });
    expect(world.stops.filter((s) => s.connectionId === connectionId)).toHaveLength(1);
  });
});

describe('reconnect backoff', () => {
  it('doubles from 1 s up to 60 s, with up to half of each delay random', async () => {
    const { reconnectDelay } = await import('../src/channels/backoff.js');
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 60000, 60000, 60000]);
    expect([1, 2, 7].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 30000]);
  });
});
