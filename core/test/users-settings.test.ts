import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

describe('users API used by the shell', () => {
  it('GET /users/list answers only the caller\'s company', async () => {
    const a = await k.createCompany();
    const agent = await k.createUser(a.company.id);
    const b = await k.createCompany();
    const list = await k.api('GET', '/users/list', { token: agent.token });
    expect(list.status).toBe(200);
    const ids = list.body.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.admin.user.id, agent.user.id]));
    expect(ids).not.toContain(b.admin.user.id);
    expect(Object.keys(list.body[0]).sort()).toEqual(['id', 'name']);
  });

  it('a user stores their own language choice and nothing else changes', async () => {
    const { company } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const res = await k.api('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { language: 'tr' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'tr', profile: 'user', allTicket: 'disable', defaultTheme: 'light' });
    expect(res.body.passwordHash).toBeUndefined();
    const me = await k.api('GET', '/auth/me', { token: agent.token });
    expect(me.body.user.language).toBe('tr');
  });

  it('rejects an unknown language', async () => {
    const { admin } = await k.createCompany();
    const res = await k.api('PUT', `/users/${admin.user.id}`, { token: admin.token, body: { language: 'xx' } });
    expect(res.status).toBe(400);
  });

  it('a plain user may not change admin-only fields, nor another user', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    expect(await k.api('PUT', `/users/${agent.user.id}`, { token: agent.token, body: { profile: 'admin' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await k.api('PUT', `/users/${admin.user.id}`, { token: agent.token, body: { name: 'Hacked' } })).status).toBe(403);
    const row = await k.db('users').where({ id: agent.user.id }).first('profile');
    expect(row.profile).toBe('user');
  });

  it('an admin edits a user of the company and is told live', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const socket = await k.socket(admin.token);
    const event = nextEvent(socket, `company-${company.id}-user`);
    const res = await k.api('PUT', `/users/${agent.user.id}`, { token: admin.token, body: { allowRealTime: true, startWork: '08:00', endWork: '18:00' } });
    expect(res.body).toMatchObject({ allowRealTime: true, startWork: '08:00', endWork: '18:00' });
    expect(await event).toMatchObject({ action: 'update', user: { id: agent.user.id } });
  });

  it('another company\'s user is not found', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    expect(await k.api('GET', `/users/${b.admin.user.id}`, { token: a.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect((await k.api('PUT', `/users/${b.admin.user.id}`, { token: a.admin.token, body: { name: 'Nope' } })).status).toBe(404);
  });
});

describe('settings', () => {
  it('lists the spec keys with defaults for admins', async () => {
    const { admin } = await k.createCompany();
    const res = await k.api('GET', '/settings', { token: admin.token });
    const map = Object.fromEntries(res.body.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect('userCreation' in map).toBe(false);
    expect(map).toMatchObject({ scheduleType: 'disabled', chatBotType: 'text', requiredTag: 'disabled', lgpdMessage: '' });
  });

  it('updates a setting per company only', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    expect((await k.api('PUT', '/settings/requiredTag', { token: a.admin.token, body: { value: 'enabled' } })).status).toBe(200);
    const one = await k.api('GET', '/companySettingOne?column=requiredTag', { token: a.admin.token });
    expect(one.body.value).toBe('enabled');
    const other = await k.api('GET', '/companySettingOne?column=requiredTag', { token: b.admin.token });
    expect(other.body.value).toBe('disabled');
    const me = await k.api('GET', '/auth/me', { token: a.admin.token });
    expect(me.body.user.company.companieSettings.requiredTag).toBe('enabled');
  });

  it('rejects unknown keys, bad values, plain users and super-only keys', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    expect((await k.api('PUT', '/settings/nope', { token: admin.token, body: { value: 'enabled' } })).body).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
    expect((await k.api('PUT', '/settings/requiredTag', { token: admin.token, body: { value: 'maybe' } })).status).toBe(400);
    expect((await k.api('PUT', '/settings/requiredTag', { token: agent.token, body: { value: 'enabled' } })).status).toBe(403);
    expect((await k.api('PUT', '/settings/userCreation', { token: admin.token, body: { value: 'disabled' } })).status).toBe(403);
    expect((await k.api('PUT', '/settings/userCreation', { token: k.superToken, body: { value: 'disabled' } })).status).toBe(200);
  });
});

describe('the spec\'s companySettings calls (account-admin.md §7)', () => {
  it('GET /companySettings/:companyId answers the own company\'s settings as one object', async () => {
    const { company, admin } = await k.createCompany();
    await k.api('PUT', '/settings/requiredTag', { token: admin.token, body: { value: 'enabled' } });
    const res = await k.api('GET', `/companySettings/${company.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ requiredTag: 'enabled', chatBotType: 'text' });
    expect('userCreation' in res.body).toBe(false);
  });

  it('refuses another company, plain users and a bad id', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const agent = await k.createUser(a.company.id);
    expect(await k.api('GET', `/companySettings/${b.company.id}`, { token: a.admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await k.api('GET', `/companySettings/${a.company.id}`, { token: agent.token })).status).toBe(403);
    expect(await k.api('GET', '/companySettings/abc', { token: a.admin.token })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('PUT /companySettings writes one column of the caller\'s company with the same rules as PUT /settings/:key', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const agent = await k.createUser(a.company.id);
    expect(await k.api('PUT', '/companySettings', { token: a.admin.token, body: { column: 'requiredTag', data: 'enabled' } })).toMatchObject({ status: 200, body: { key: 'requiredTag', value: 'enabled' } });
    expect((await k.api('GET', '/companySettingOne?column=requiredTag', { token: a.admin.token })).body.value).toBe('enabled');
    expect((await k.api('GET', '/companySettingOne?column=requiredTag', { token: b.admin.token })).body.value).toBe('disabled');
    expect(await k.api('PUT', '/companySettings', { token: a.admin.token, body: { column: 'nope', data: 'x' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
    expect((await k.api('PUT', '/companySettings', { token: a.admin.token, body: { column: 'requiredTag', data: 'maybe' } })).status).toBe(400);
    expect((await k.api('PUT', '/companySettings', { token: a.admin.token, body: { column: 'requiredTag' } })).status).toBe(400);
    expect((await k.api('PUT', '/companySettings', { token: agent.token, body: { column: 'requiredTag', data: 'disabled' } })).status).toBe(403);
    expect((await k.api('PUT', '/companySettings', { token: a.admin.token, body: { column: 'userCreation', data: 'disabled' } })).status).toBe(403);
  });
});

describe('the spec\'s trailing-slash spellings', () => {
  // One router setting serves every route, the modules' (/schedules/, /campaigns/, /contact-lists/) too.
  it('GET /files/, /tags/, /queue/ answer as without the slash; /companiesPlan keeps working without it', async () => {
    const { admin } = await k.createCompany();
    for (const path of ['/files', '/tags', '/queue', '/companySettingOne?column=requiredTag']) {
      const plain = await k.api('GET', path, { token: admin.token });
      const slashed = await k.api('GET', path.replace(/(\?|$)/, '/$1'), { token: admin.token });
      expect(plain.status).toBe(200);
      expect(slashed).toMatchObject({ status: plain.status, body: plain.body });
    }
    expect((await k.api('GET', '/companiesPlan', { token: k.superToken })).status).toBe(200);
    expect((await k.api('POST', '/whatsapp-restart/', { token: admin.token })).status).toBe(200);
  });
});
