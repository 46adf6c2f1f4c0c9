import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, expectNoEvent, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let n = 0;
const newUser = (extra: Record<string, unknown> = {}) => {
  n++;
  return { name: `Novo ${n}`, email: `novo${n}.${Date.now()}@example.com`, password: 'segredo1', ...extra };
};

async function addQueue(companyId: number, name: string, color: string): Promise<number> {
  const [row] = await k.db('queues').insert({ companyId, name, color, greetingMessage: 'Olá' }).returning('id');
  return row.id;
}

async function setPlanLimit(companyId: number, users: number): Promise<void> {
  const { planId } = await k.db('companies').where({ id: companyId }).first('planId');
  const res = await k.api('PUT', `/plans/${planId}`, { token: k.superToken, body: { users } });
  expect(res.status).toBe(200);
}

describe('GET /users', () => {
  it('pages the company\'s users by name, 20 at a time, without password hashes', async () => {
    const { company, admin } = await k.createCompany();
    for (let i = 0; i < 22; i++) await k.createUser(company.id, { name: `Pessoa ${String(i).padStart(2, '0')}` });
    await k.createCompany();

    const first = await k.api('GET', '/users', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(23);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.users[0].name).toBe(admin.user.name);
    expect(first.body.users[1].name).toBe('Pessoa 00');
    expect(first.body.users.every((u: Record<string, unknown>) => !('passwordHash' in u) && !('tokenVersion' in u))).toBe(true);
    expect(first.body.users[0]).toMatchObject({ email: admin.user.email, profile: 'admin', queues: [] });

    const second = await k.api('GET', '/users?pageNumber=2', { token: admin.token });
    expect(second.body).toMatchObject({ count: 23, hasMore: false });
    expect(second.body.users.map((u: { name: string }) => u.name)).toEqual(['Pessoa 19', 'Pessoa 20', 'Pessoa 21']);
  });

  it('searches by name or e-mail for admins, by name only for plain users, who see fewer fields', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id, { name: 'Carla Souza', email: `carla.${Date.now()}@firma.test` });
    await k.createUser(company.id, { name: 'Bruno 100%_x' });
    // Another company's homonym never shows.
    const other = await k.createCompany();
    await k.createUser(other.company.id, { name: 'Carla Outra' });

    const byName = await k.api('GET', '/users?searchParam=carla', { token: admin.token });
    expect(byName.body.users.map((u: { id: number }) => u.id)).toEqual([agent.user.id]);
    const byEmail = await k.api('GET', '/users?searchParam=firma.test', { token: admin.token });
    expect(byEmail.body.users.map((u: { id: number }) => u.id)).toEqual([agent.user.id]);
    const wildcard = await k.api('GET', `/users?searchParam=${encodeURIComponent('0%_')}`, { token: admin.token });
    expect(wildcard.body.users.map((u: { name: string }) => u.name)).toEqual(['Bruno 100%_x']);

    const asUser = await k.api('GET', '/users?searchParam=carla', { token: agent.token });
    expect(asUser.status).toBe(200);
    expect(Object.keys(asUser.body.users[0]).sort()).toEqual(['id', 'name', 'online', 'profile', 'profileImage', 'queues']);
    expect((await k.api('GET', '/users?searchParam=firma.test', { token: agent.token })).body.count).toBe(0);
  });

  it('ignores a companyId parameter pointing at another company', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const res = await k.api('GET', `/users?companyId=${b.company.id}`, { token: a.admin.token });
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([a.admin.user.id]);
    expect((await k.api('GET', '/users?pageNumber=0', { token: a.admin.token })).status).toBe(400);
  });
});

describe('POST /users', () => {
  it('creates a user with the spec defaults who can then log in, with their queues', async () => {
    const { company, admin } = await k.createCompany();
    const queueId = await addQueue(company.id, 'Vendas', '#00ff00');
    const body = newUser({ queueIds: [queueId] });
    const res = await k.api('POST', '/users', { token: admin.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: body.name,
      email: body.email,
      companyId: company.id,
      profile: 'user',
      allTicket: 'disable',
      allowGroup: false,
      defaultTheme: 'light',
      defaultMenu: 'open',
      startWork: '00:00',
      endWork: '23:59',
      showDashboard: false,
      allowRealTime: false,
      allowConnections: false,
      super: false,
      queues: [{ id: queueId, name: 'Vendas', color: '#00ff00' }],
    });
    expect(res.body.passwordHash).toBeUndefined();
    const login = await k.api('POST', '/auth/login', { body: { email: body.email, password: body.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.queues.map((q: { id: number }) => q.id)).toEqual([queueId]);
  });

  it('stores every field an admin sets and ignores a companyId in the body', async () => {
    const { company, admin } = await k.createCompany();
    const other = await k.createCompany();
    const body = newUser({
      companyId: other.company.id,
      profile: 'admin',
      startWork: '08:00',
      endWork: '17:30',
      farewellMessage: 'Tchau!',
      allTicket: 'enable',
      allowGroup: true,
      defaultTheme: 'dark',
      defaultMenu: 'closed',
      showDashboard: true,
      allowRealTime: true,
      allowConnections: true,
      language: 'es',
    });
    const res = await k.api('POST', '/users', { token: admin.token, body });
    expect(res.status).toBe(201);
    const { password: _password, ...expected } = body as typeof body & { companyId?: number };
    delete expected.companyId;
    expect(res.body).toMatchObject({ ...expected, companyId: company.id });
  });

  it('validates the user dialog fields with their messages', async () => {
    const { admin } = await k.createCompany();
    const cases: [Record<string, unknown>, string, string][] = [
      [newUser({ name: 'A' }), 'name', 'validation.tooShort'],
      [newUser({ name: 'A'.repeat(51) }), 'name', 'validation.tooLong'],
      [newUser({ email: 'nope' }), 'email', 'validation.invalidEmail'],
      [newUser({ password: '1234' }), 'password', 'validation.tooShort'],
      [newUser({ password: 'x'.repeat(51) }), 'password', 'validation.tooLong'],
      [newUser({ startWork: '25:00' }), 'startWork', 'validation.time'],
    ];
    for (const [body, field, message] of cases) {
      const res = await k.api('POST', '/users', { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    }
    const { name: _name, ...noName } = newUser();
    const missing = await k.api('POST', '/users', { token: admin.token, body: noName });
    expect(missing.body.issues).toContainEqual(expect.objectContaining({ path: ['name'], message: 'validation.required' }));
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser({ profile: 'super' }) })).status).toBe(400);
  });

  it('refuses a duplicated e-mail (any case), another company\'s queue and a plain user, writing nothing', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const foreignQueue = await addQueue(other.company.id, 'Alheia', '#123456');

    const duplicated = await k.api('POST', '/users', { token: admin.token, body: newUser({ email: agent.user.email.toUpperCase() }) });
    expect(duplicated).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_EMAIL' } });

    const body = newUser({ queueIds: [foreignQueue] });
    expect(await k.api('POST', '/users', { token: admin.token, body })).toMatchObject({ status: 400, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await k.db('users').where({ email: body.email }).first()).toBeUndefined();

    const asUser = newUser();
    expect(await k.api('POST', '/users', { token: agent.token, body: asUser })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.db('users').where({ email: asUser.email }).first()).toBeUndefined();
    expect((await k.api('POST', '/users', { body: newUser() })).status).toBe(401);
  });

  it('enforces the plan\'s user limit (0 = unlimited), also under concurrent creations', async () => {
    const { company, admin } = await k.createCompany();
    await setPlanLimit(company.id, 3);
    const results = await Promise.all([1, 2, 3, 4].map(() => k.api('POST', '/users', { token: admin.token, body: newUser() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
    expect(results.find((r) => r.status === 403)?.body).toMatchObject({ error: 'ERR_PLAN_LIMIT', limit: 'users', max: 3 });
    expect(Number((await k.db('users').where({ companyId: company.id }).count({ c: '*' }))[0].c)).toBe(3);

    await setPlanLimit(company.id, 0);
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser() })).status).toBe(201);
  });

  it('fails with ERR_USER_CREATION_DISABLED while the super user has switched user creation off', async () => {
    const { admin } = await k.createCompany();
    const off = await k.api('PUT', '/settings/userCreation', { token: k.superToken, body: { value: 'disabled' } });
    expect(off.status).toBe(200);
    try {
      const body = newUser();
      expect(await k.api('POST', '/users', { token: admin.token, body })).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
      expect(await k.db('users').where({ email: body.email }).first()).toBeUndefined();
      // The super user who switched it off still manages the platform company's team.
      expect((await k.api('POST', '/users', { token: k.superToken, body: newUser() })).status).toBe(201);
    } finally {
      await k.api('PUT', '/settings/userCreation', { token: k.superToken, body: { value: 'enabled' } });
    }
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser() })).status).toBe(201);
  });

  it('tells the company\'s admins live, and no other company', async () => {
    const { company, admin } = await k.createCompany();
    const otherAdmin = await k.createUser(company.id, { profile: 'admin' });
    const agent = await k.createUser(company.id);
    const stranger = await k.createCompany();
    const adminSocket = await k.socket(otherAdmin.token);
    const agentSocket = await k.socket(agent.token);
    const strangerSocket = await k.socket(stranger.admin.token);
    const event = nextEvent(adminSocket, `company-${company.id}-user`);
    const agentSaw = expectNoEvent(agentSocket, /-user$/, () => event);
    // The stranger's own company events (e.g. its admin coming online) are its own business.
    const strangerSaw = await expectNoEvent(strangerSocket, new RegExp(`^company-${company.id}-`), async () => {
      const res = await k.api('POST', '/users', { token: admin.token, body: newUser() });
      expect(await event).toMatchObject({ action: 'create', user: { id: res.body.id, companyId: company.id } });
      expect((await event).user.passwordHash).toBeUndefined();
    });
    expect(strangerSaw).toEqual([]);
    expect(await agentSaw).toEqual([]);
  });
});

describe('PUT /users/:id', () => {
  it('rejects another company\'s queue ids and changes nothing', async () => {
    const { company, admin } = await k.createCompany();
    const own = await addQueue(company.id, 'Própria', '#111111');
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const foreign = await addQueue(other.company.id, 'Alheia', '#222222');
    expect((await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { queueIds: [own] } })).body.queues).toEqual([
      { id: own, name: 'Própria', color: '#111111' },
    ]);
    const res = await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { name: 'Mudou', queueIds: [own, foreign] } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    const row = await k.db('users').where({ id: agent.user.id }).first('name');
    expect(row.name).toBe(agent.user.name);
    expect(await k.db('userQueues').where({ userId: agent.user.id }).select('queueId')).toEqual([{ queueId: own }]);
  });

  it('a new password works at login; an admin of the platform company cannot touch the super user', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    expect((await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { password: 'novasenha' } })).status).toBe(200);
    expect((await k.api('POST', '/auth/login', { body: { email: agent.user.email, password: 'novasenha' } })).status).toBe(200);

    const platformAdmin = await k.createUser(1, { profile: 'admin' });
    const superRow = await k.db('users').where({ super: true }).first('id', 'passwordHash');
    expect((await k.api('PUT', `/users/${superRow.id}`, { token: platformAdmin.token, body: { password: 'tomada' } })).status).toBe(403);
    expect((await k.db('users').where({ id: superRow.id }).first('passwordHash')).passwordHash).toBe(superRow.passwordHash);
  });
});

describe('default connection (whatsappId)', () => {
  it('accepts one of the company\'s connections and refuses another company\'s or an unknown one', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const connection = async (companyId: number) =>
      (await k.db('whatsapps').insert({ companyId, name: `Conexão ${++n}`, token: `T${n}${Date.now()}`.slice(0, 30) }).returning('id'))[0].id as number;
    const own = await connection(company.id);
    const foreign = await connection(other.company.id);

    expect((await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { whatsappId: own } })).body.whatsappId).toBe(own);
    for (const whatsappId of [foreign, 999999]) {
      expect(await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { whatsappId } })).toMatchObject({ status: 400, body: { error: 'ERR_NO_WAPP_FOUND' } });
      expect(await k.api('POST', '/users', { token: admin.token, body: newUser({ whatsappId }) })).toMatchObject({ status: 400, body: { error: 'ERR_NO_WAPP_FOUND' } });
    }
    expect((await k.db('users').where({ id: agent.user.id }).first('whatsappId')).whatsappId).toBe(own);
    expect((await k.api('POST', '/users', { token: admin.token, body: newUser({ whatsappId: own }) })).body.whatsappId).toBe(own);
    expect((await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { whatsappId: null } })).body.whatsappId).toBeNull();
  });
});

describe('DELETE /users/:id', () => {
  it('an admin deletes a user: gone, told live to admins and to the user, whose socket is closed', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const adminSocket = await k.socket(admin.token);
    const agentSocket = await k.socket(agent.token);
    const toAdmin = nextEvent(adminSocket, `company-${company.id}-user`);
    const toAgent = nextEvent(agentSocket, `company-${company.id}-user`);
    const closed = new Promise((resolve) => agentSocket.once('disconnect', resolve));
    const res = await k.api('DELETE', `/users/${agent.user.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(await toAdmin).toEqual({ action: 'delete', userId: agent.user.id });
    expect(await toAgent).toEqual({ action: 'delete', userId: agent.user.id });
    await closed;
    expect(await k.db('users').where({ id: agent.user.id }).first()).toBeUndefined();
    expect((await k.api('GET', `/users/${agent.user.id}`, { token: admin.token })).status).toBe(404);
  });

  it('refuses yourself, plain users, another company\'s user and the super user', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    expect(await k.api('DELETE', `/users/${admin.user.id}`, { token: admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('DELETE', `/users/${admin.user.id}`, { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('DELETE', `/users/${other.admin.user.id}`, { token: admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const platformAdmin = await k.createUser(1, { profile: 'admin' });
    const superRow = await k.db('users').where({ super: true }).first('id');
    expect((await k.api('DELETE', `/users/${superRow.id}`, { token: platformAdmin.token })).status).toBe(403);
    const still = await k.db('users').whereIn('id', [admin.user.id, other.admin.user.id, superRow.id]).pluck('id');
    expect(still).toHaveLength(3);
  });
});

describe('POST /users/:id/media-upload', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const form = (userId: number, file: Blob | null = new Blob([png], { type: 'image/png' }), name = 'avatar.png') => {
    const data = new FormData();
    data.append('userId', String(userId));
    data.append('typeArch', 'user');
    if (file) data.append('profileImage', file, name);
    return data;
  };

  it('stores the image, serves it at /public/<path> and sets the user\'s profileImage', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const socket = await k.socket(admin.token);
    const event = nextEvent(socket, `company-${company.id}-user`);
    const res = await k.api('POST', `/users/${agent.user.id}/media-upload`, { token: admin.token, body: form(agent.user.id) });
    expect(res.status).toBe(200);
    const { profileImage } = res.body.user;
    expect(profileImage).toMatch(new RegExp(`^company${company.id}/users/[0-9a-f-]+\\.png$`));
    const served = await fetch(`${k.url}/public/${profileImage}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await k.api('GET', `/users/${agent.user.id}`, { token: agent.token })).body.profileImage).toBe(profileImage);
    expect(await event).toMatchObject({ action: 'update', user: { id: agent.user.id, profileImage } });

    // A user replaces their own image; the old file is removed.
    const again = await k.api('POST', `/users/${agent.user.id}/media-upload`, { token: agent.token, body: form(agent.user.id) });
    expect(again.status).toBe(200);
    expect(again.body.user.profileImage).not.toBe(profileImage);
    expect((await fetch(`${k.url}/public/${profileImage}`)).status).toBe(404);
  });

  it('refuses another user\'s image for a plain user, another company\'s user, a non-image and a missing file', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    expect((await k.api('POST', `/users/${admin.user.id}/media-upload`, { token: agent.token, body: form(admin.user.id) })).status).toBe(403);
    expect((await k.api('POST', `/users/${other.admin.user.id}/media-upload`, { token: admin.token, body: form(other.admin.user.id) })).status).toBe(404);
    const text = await k.api('POST', `/users/${agent.user.id}/media-upload`, { token: admin.token, body: form(agent.user.id, new Blob(['oi'], { type: 'text/plain' }), 'a.txt') });
    expect(text).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['profileImage'], message: 'validation.imageRequired' }] } });
    const none = await k.api('POST', `/users/${agent.user.id}/media-upload`, { token: admin.token, body: form(agent.user.id, null) });
    expect(none.status).toBe(400);
    const big = await k.api('POST', `/users/${agent.user.id}/media-upload`, { token: admin.token, body: form(agent.user.id, new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)], { type: 'image/png' })) });
    expect(big).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
    const rows = await k.db('users').whereIn('id', [admin.user.id, agent.user.id, other.admin.user.id]).select('profileImage');
    expect(rows).toEqual([{ profileImage: null }, { profileImage: null }, { profileImage: null }]);
  });
});
