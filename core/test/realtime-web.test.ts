import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rooms } from '@guiche/contracts';
import { createTestKernel, expectNoEvent, nextEvent, waitFor, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

describe('socket.io', () => {
  it('refuses a connection without a valid token', async () => {
    for (const auth of [{}, { token: 'forged' }]) {
      const socket = io(k.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('ERR_SESSION_EXPIRED');
      socket.disconnect();
    }
  });

  it('delivers company events only to that company and admin events only to admins', async () => {
    const a = await k.createCompany();
    const agentA = await k.createUser(a.company.id);
    const b = await k.createCompany();
    const adminSocket = await k.socket(a.admin.token);
    const agentSocket = await k.socket(agentA.token);
    const otherSocket = await k.socket(b.admin.token);

    const toAdmin = nextEvent(adminSocket, 'probe-admins');
    const toCompany = nextEvent(agentSocket, 'probe-company');
    const leaked = await expectNoEvent(otherSocket, /probe/, async () => {
      const leakedToAgent = await expectNoEvent(agentSocket, /probe-admins/, async () => {
        k.kernel.core.realtime.emit(Rooms.companyAdmins(a.company.id), 'probe-admins', { action: 'update' });
        k.kernel.core.realtime.emit(Rooms.company(a.company.id), 'probe-company', { action: 'update' });
        await toAdmin;
        await toCompany;
      });
      expect(leakedToAgent).toEqual([]);
    });
    expect(leaked).toEqual([]);
  });

  it('keeps users.online true while connected (joinNotification, userStatus) and false after', async () => {
    const { admin } = await k.createCompany();
    const socket = await k.socket(admin.token);
    socket.emit('joinNotification');
    await waitFor(async () => (await k.db('users').where({ id: admin.user.id }).first('online')).online === true);
    socket.emit('userStatus');
    socket.disconnect();
    await waitFor(async () => (await k.db('users').where({ id: admin.user.id }).first('online')).online === false);
  });

  it("stores users.online once for a user's many sockets, not once per socket's joinNotification", async () => {
    const { admin } = await k.createCompany();
    const updates: unknown[][] = [];
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
      if (/^update "users"/i.test(q.sql) && q.bindings?.includes(admin.user.id)) updates.push(q.bindings);
    };
    k.kernel.core.db.on('query', onQuery);
    try {
      const sockets = await Promise.all(Array.from({ length: 10 }, () => k.socket(admin.token)));
      for (const socket of sockets) socket.emit('joinNotification');
      // A socket's events are handled in order: each answered join comes after its joinNotification.
      await Promise.all(sockets.map((socket) => socket.timeout(10_000).emitWithAck('joinChatBox', 'no-such-ticket')));
      await waitFor(async () => (await k.db('users').where({ id: admin.user.id }).first('online')).online === true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(updates).toHaveLength(1);
      for (const socket of sockets) socket.disconnect();
    } finally {
      k.kernel.core.db.off('query', onQuery);
    }
  });
});

describe('web endpoints', () => {
  it('GET /version answers a version string', async () => {
    const res = await k.api('GET', '/version');
    expect(res.status).toBe(200);
    expect(res.body.version).toEqual(expect.any(String));
  });

  it('GET /web-modules requires a token', async () => {
    expect((await k.api('GET', '/web-modules')).status).toBe(401);
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await k.api('GET', '/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const login = res.body.paths['/api/auth/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers unknown API paths with ERR_NOT_FOUND', async () => {
    expect(await k.api('GET', '/nothing-here')).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
  });
});
