import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, expectNoEvent, nextEvent, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { ConnectionTopics } from '../src/connections/topics.js';
import { getDefaultConnection } from '../src/connections/repository.js';
import { setSessionState } from '../src/connections/session.js';

let k: TestKernel;
const published: { topic: string; payload: any }[] = [];

beforeAll(async () => {
  k = await createTestKernel();
  for (const topic of Object.values(ConnectionTopics)) {
    k.kernel.core.bus.subscribe(topic, (message) => void published.push({ topic, payload: message.payload }));
  }
});
afterAll(async () => k?.close());

function create(token: string, body: Record<string, unknown>) {
  return k.api('POST', '/whatsapp', { token, body });
}

async function connection(c: TestCompany, body: Record<string, unknown> = {}) {
  const res = await create(c.admin.token, { name: `Conn ${Math.random().toString(36).slice(2, 8)}`, ...body });
  expect(res.status).toBe(201);
  return res.body;
}

/** The API token lives only in the row and behind the admin's token route (#29): never in a connection's answer. */
async function apiTokenOf(id: number): Promise<string> {
  return (await k.db('whatsapps').where({ id }).first('token')).token;
}

async function queue(companyId: number, name: string, color: string): Promise<number> {
  const [row] = await k.db('queues').insert({ companyId, name, color }).returning('id');
  return row.id;
}

async function defaults(companyId: number): Promise<number[]> {
  return k.db('whatsapps').where({ companyId, isDefault: true }).pluck('id');
}

async function countOf(companyId: number): Promise<number> {
  return (await k.db('whatsapps').where({ companyId }).pluck('id')).length;
}

function wasPublished(topic: string, match: (payload: any) => boolean) {
  return waitFor(() => published.find((m) => m.topic === topic && match(m.payload)));
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86400000).toISOString();

describe('creating a connection', () => {
  it('stores the spec defaults, a 30-character token, the queues, and tells the admins and the supervisor', async () => {
    const c = await k.createCompany();
    const q1 = await queue(c.company.id, 'Sales', '#ff0000');
    const q2 = await queue(c.company.id, 'Support', '#00ff00');
    const socket = await k.socket(c.admin.token);
    const event = nextEvent(socket, `company-${c.company.id}-whatsapp`);

    const res = await create(c.admin.token, { name: 'Main line', queueIds: [q2, q1], greetingMessage: 'Hello!' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Main line',
      channel: 'whatsapp',
      status: 'OPENING',
      isDefault: true,
      provider: 'beta',
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      expiresTicketNPS: 0,
      groupAsTicket: 'disabled',
      allowGroup: false,
      greetingMessage: 'Hello!',
      companyId: c.company.id,
      schedules: [],
    });
    expect(res.body).not.toHaveProperty('token');
    expect(await apiTokenOf(res.body.id)).toMatch(/^[A-Z0-9]{30}$/);
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual(['Sales', 'Support']);

    expect(await event).toMatchObject({ action: 'create', whatsapp: { id: res.body.id, name: 'Main line' } });
    await wasPublished(ConnectionTopics.start, (p) => p.connectionId === res.body.id && p.companyId === c.company.id);
  });

  it('gives every connection its own token', async () => {
    const c = await k.createCompany();
    const a = await connection(c);
    const b = await connection(c);
    expect(await apiTokenOf(a.id)).not.toBe(await apiTokenOf(b.id));
    expect(await apiTokenOf(b.id)).toMatch(/^[A-Z0-9]{30}$/);
  });

  it('rejects a name shorter than 2 or longer than 50 characters, or missing, and writes nothing', async () => {
    const c = await k.createCompany();
    const short = await create(c.admin.token, { name: 'A' });
    expect(short).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['name'], message: 'validation.tooShort' }] } });
    const long = await create(c.admin.token, { name: 'x'.repeat(51) });
    expect(long.body.issues).toEqual([{ path: ['name'], message: 'validation.tooLong' }]);
    const missing = await create(c.admin.token, {});
    expect(missing.body.issues).toEqual([{ path: ['name'], message: 'validation.required' }]);
    expect((await create(c.admin.token, { name: 'x'.repeat(50) })).status).toBe(201);
    expect(await countOf(c.company.id)).toBe(1);
  });

  it('rejects an unknown channel, a bad groupAsTicket and a bad schedule time', async () => {
    const c = await k.createCompany();
    expect((await create(c.admin.token, { name: 'Line', channel: 'sms' })).body.error).toBe('ERR_VALIDATION');
    expect((await create(c.admin.token, { name: 'Line', groupAsTicket: 'maybe' })).body.error).toBe('ERR_VALIDATION');
    const schedule = { weekday: 'Segunda', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '25:00' };
    expect((await create(c.admin.token, { name: 'Line', schedules: [schedule] })).body.issues[0].message).toBe('validation.time');
    const reversed = { ...schedule, startTimeA: '12:00', endTimeA: '08:00' };
    expect((await create(c.admin.token, { name: 'Line', schedules: [reversed] })).body.issues).toEqual([{ path: ['schedules', '0', 'endTimeA'], message: 'validation.timeOrder' }]);
    const good = await create(c.admin.token, { name: 'Line', schedules: [{ ...schedule, endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }] });
    expect(good.body.schedules).toEqual([{ weekday: 'Segunda', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }]);
  });

  it('keeps names unique per company, ignoring case, but not across companies', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    await connection(a, { name: 'Front desk' });
    expect(await create(a.admin.token, { name: 'FRONT DESK' })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONNECTION' } });
    expect((await create(b.admin.token, { name: 'Front desk' })).status).toBe(201);
  });

  it('accepts only the company\'s own queues, for queueIds and sendIdQueue', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const own = await queue(a.company.id, 'Own', '#111111');
    const foreign = await queue(b.company.id, 'Foreign', '#222222');
    expect(await create(a.admin.token, { name: 'Line', queueIds: [own, foreign] })).toMatchObject({ status: 400, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await create(a.admin.token, { name: 'Line', sendIdQueue: foreign })).toMatchObject({ status: 400, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await countOf(a.company.id)).toBe(0);
    const ok = await create(a.admin.token, { name: 'Line', queueIds: [own], sendIdQueue: own });
    expect(ok.body).toMatchObject({ sendIdQueue: own, queues: [{ id: own, name: 'Own', color: '#111111' }] });
  });
});

describe('import dates (account-admin.md §5)', () => {
  it('accepts an old date within two years and a recent date between it and now', async () => {
    const c = await k.createCompany();
    const res = await create(c.admin.token, { name: 'Import', importOldMessages: daysAgo(300), importRecentMessages: daysAgo(10) });
    expect(res.status).toBe(201);
    expect(new Date(res.body.importOldMessages).getTime()).toBeLessThan(new Date(res.body.importRecentMessages).getTime());
  });

  it('rejects an old date more than two years back or in the future', async () => {
    const c = await k.createCompany();
    const tooOld = await create(c.admin.token, { name: 'Import', importOldMessages: daysAgo(2 * 366 + 1), importRecentMessages: daysAgo(1) });
    expect(tooOld.body.issues).toEqual([{ path: ['importOldMessages'], message: 'validation.importOldRange' }]);
    const future = await create(c.admin.token, { name: 'Import', importOldMessages: daysAgo(-2), importRecentMessages: daysAgo(-3) });
    expect(future.body.issues).toContainEqual({ path: ['importOldMessages'], message: 'validation.importOldRange' });
  });

  it('rejects a recent date before the old date or in the future, and one date without the other', async () => {
    const c = await k.createCompany();
    const before = await create(c.admin.token, { name: 'Import', importOldMessages: daysAgo(10), importRecentMessages: daysAgo(20) });
    expect(before.body.issues).toEqual([{ path: ['importRecentMessages'], message: 'validation.importRecentRange' }]);
    const future = await create(c.admin.token, { name: 'Import', importOldMessages: daysAgo(10), importRecentMessages: daysAgo(-1) });
    expect(future.body.issues).toEqual([{ path: ['importRecentMessages'], message: 'validation.importRecentRange' }]);
    const alone = await create(c.admin.token, { name: 'Import', importRecentMessages: daysAgo(1) });
    expect(alone.body.issues).toEqual([{ path: ['importOldMessages'], message: 'validation.importDatesTogether' }]);
    const garbage = await create(c.admin.token, { name: 'Import', importOldMessages: 'yesterday', importRecentMessages: daysAgo(1) });
    expect(garbage.body.issues[0]).toMatchObject({ path: ['importOldMessages'], message: 'validation.invalidDate' });
  });

  it('checks a partial update against the stored date it does not send', async () => {
    const c = await k.createCompany();
    const conn = await connection(c, { importOldMessages: daysAgo(100), importRecentMessages: daysAgo(50) });
    const bad = await k.api('PUT', `/whatsapp/${conn.id}`, { token: c.admin.token, body: { importRecentMessages: daysAgo(200) } });
    expect(bad.body.issues).toEqual([{ path: ['importRecentMessages'], message: 'validation.importRecentRange' }]);
    const good = await k.api('PUT', `/whatsapp/${conn.id}`, { token: c.admin.token, body: { importRecentMessages: daysAgo(5) } });
    expect(good.status).toBe(200);
  });
});

describe('the default connection', () => {
  it('the first is the default; setting another clears it in the same change, and both are announced', async () => {
    const c = await k.createCompany();
    const first = await connection(c);
    const second = await connection(c);
    expect(second.isDefault).toBe(false);
    expect(await defaults(c.company.id)).toEqual([first.id]);

    const socket = await k.socket(c.admin.token);
    const lost = nextEvent(socket, `company-${c.company.id}-whatsapp`, (p) => p.whatsapp?.id === first.id);
    const res = await k.api('PUT', `/whatsapp/${second.id}`, { token: c.admin.token, body: { isDefault: true } });
    expect(res.body.isDefault).toBe(true);
    expect(await defaults(c.company.id)).toEqual([second.id]);
    expect(await lost).toMatchObject({ action: 'update', whatsapp: { isDefault: false } });

    const third = await connection(c, { isDefault: true });
    expect(await defaults(c.company.id)).toEqual([third.id]);
  });

  it('refuses to switch the default off: ERR_NO_OTHER_WHATSAPP', async () => {
    const c = await k.createCompany();
    const only = await connection(c);
    expect(await k.api('PUT', `/whatsapp/${only.id}`, { token: c.admin.token, body: { isDefault: false, name: 'Renamed' } })).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
    const row = await k.db('whatsapps').where({ id: only.id }).first('isDefault', 'name');
    expect(row).toEqual({ isDefault: true, name: only.name });
    const other = await connection(c);
    expect((await k.api('PUT', `/whatsapp/${only.id}`, { token: c.admin.token, body: { isDefault: false } })).body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    expect((await k.api('PUT', `/whatsapp/${other.id}`, { token: c.admin.token, body: { isDefault: false } })).status).toBe(200);
  });

  it('deleting the default promotes the oldest remaining connection', async () => {
    const c = await k.createCompany();
    const first = await connection(c);
    const second = await connection(c);
    const third = await connection(c);
    const socket = await k.socket(c.admin.token);
    const promoted = nextEvent(socket, `company-${c.company.id}-whatsapp`, (p) => p.action === 'update');
    const deleted = nextEvent(socket, `company-${c.company.id}-whatsapp`, (p) => p.action === 'delete');
    expect((await k.api('DELETE', `/whatsapp/${first.id}`, { token: c.admin.token })).status).toBe(200);
    expect(await deleted).toEqual({ action: 'delete', whatsappId: first.id });
    expect(await promoted).toMatchObject({ whatsapp: { id: second.id, isDefault: true } });
    expect(await defaults(c.company.id)).toEqual([second.id]);
    expect((await k.api('DELETE', `/whatsapp/${third.id}`, { token: c.admin.token })).status).toBe(200);
    expect(await defaults(c.company.id)).toEqual([second.id]);
    await wasPublished(ConnectionTopics.deleted, (p) => p.connectionId === first.id);
  });

  it('getDefaultConnection: the user\'s own connection, else the company default, else ERR_NO_DEF_WAPP_FOUND', async () => {
    const c = await k.createCompany();
    const agent = await k.createUser(c.company.id);
    await expect(getDefaultConnection(k.db, c.company.id)).rejects.toMatchObject({ code: 'ERR_NO_DEF_WAPP_FOUND', statusCode: 404 });
    const main = await connection(c);
    const personal = await connection(c);
    expect((await getDefaultConnection(k.db, c.company.id, agent.user.id)).id).toBe(main.id);
    await k.db('users').where({ id: agent.user.id }).update({ whatsappId: personal.id });
    expect((await getDefaultConnection(k.db, c.company.id, agent.user.id)).id).toBe(personal.id);
  });

  it('deleting a connection clears it as a user\'s default connection', async () => {
    const c = await k.createCompany();
    const agent = await k.createUser(c.company.id);
    await connection(c);
    const personal = await connection(c);
    await k.db('users').where({ id: agent.user.id }).update({ whatsappId: personal.id });
    await k.api('DELETE', `/whatsapp/${personal.id}`, { token: c.admin.token });
    expect((await k.db('users').where({ id: agent.user.id }).first('whatsappId')).whatsappId).toBeNull();
  });
});

describe('plan flags and limit', () => {
  it('gates whatsapp and whatsappapi by useWhatsapp, facebook, instagram and telegram by their flags; webchat is always allowed', async () => {
    const c = await k.createCompany({ planFlags: { useWhatsapp: false, useFacebook: false, useInstagram: false, useTelegram: false } });
    for (const channel of ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'telegram']) {
      expect(await create(c.admin.token, { name: `Line ${channel}`, channel })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
    }
    expect((await create(c.admin.token, { name: 'Site chat', channel: 'webchat' })).status).toBe(201);
    await k.setPlanFlags(c.company.id, { useFacebook: true });
    expect((await create(c.admin.token, { name: 'Page', channel: 'facebook' })).status).toBe(201);
    expect((await create(c.admin.token, { name: 'Insta', channel: 'instagram' })).status).toBe(403);
    await k.setPlanFlags(c.company.id, { useInstagram: true, useWhatsapp: true });
    expect((await create(c.admin.token, { name: 'Insta', channel: 'instagram' })).status).toBe(201);
    expect((await create(c.admin.token, { name: 'Cloud', channel: 'whatsappapi' })).status).toBe(201);
    await k.setPlanFlags(c.company.id, { useTelegram: true });
    expect((await create(c.admin.token, { name: 'Bot', channel: 'telegram' })).status).toBe(201);
  });

  it('stops at the plan\'s connection limit; 0 means no limit', async () => {
    const c = await k.createCompany();
    await k.api('PUT', `/plans/${c.plan.id}`, { token: k.superToken, body: { connections: 2 } });
    await connection(c);
    await connection(c);
    expect(await create(c.admin.token, { name: 'Third' })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_LIMIT', limit: 'connections', max: 2 } });
    await k.api('PUT', `/plans/${c.plan.id}`, { token: k.superToken, body: { connections: 0 } });
    expect((await create(c.admin.token, { name: 'Third' })).status).toBe(201);
  });
});

describe('roles and tenancy', () => {
  it('a plain user lists connections without QR code, session or token, and may change nothing', async () => {
    const c = await k.createCompany();
    const agent = await k.createUser(c.company.id);
    const conn = await connection(c);
    const list = await k.api('GET', '/whatsapp', { token: agent.token });
    expect(list.body.map((w: { id: number }) => w.id)).toEqual([conn.id]);
    expect(list.body[0]).not.toHaveProperty('token');
    expect(list.body[0]).not.toHaveProperty('qrcode');
    const one = await k.api('GET', `/whatsapp/${conn.id}`, { token: agent.token });
    expect(one.body).toMatchObject({ id: conn.id, name: conn.name });
    expect(one.body).not.toHaveProperty('qrcode');

    const denied = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    expect(await create(agent.token, { name: 'Mine' })).toMatchObject(denied);
    expect(await k.api('PUT', `/whatsapp/${conn.id}`, { token: agent.token, body: { name: 'Mine' } })).toMatchObject(denied);
    expect(await k.api('DELETE', `/whatsapp/${conn.id}`, { token: agent.token })).toMatchObject(denied);
    expect(await k.api('POST', `/whatsappsession/${conn.id}`, { token: agent.token })).toMatchObject(denied);
    expect(await k.api('PUT', `/whatsappsession/${conn.id}`, { token: agent.token })).toMatchObject(denied);
    expect(await k.api('DELETE', `/whatsappsession/${conn.id}`, { token: agent.token })).toMatchObject(denied);
    expect(await k.api('POST', '/whatsapp-restart/', { token: agent.token })).toMatchObject(denied);
    expect(await k.api('DELETE', `/whatsapp/${conn.id}/media-upload`, { token: agent.token })).toMatchObject(denied);
    expect((await k.db('whatsapps').where({ id: conn.id }).first('name')).name).toBe(conn.name);
  });

  it('a user with allowConnections manages connections and is told live; a plain user is not', async () => {
    const c = await k.createCompany();
    const manager = await k.createUser(c.company.id);
    const agent = await k.createUser(c.company.id);
    await k.db('users').where({ id: manager.user.id }).update({ allowConnections: true });
    const managerSocket = await k.socket(manager.token);
    const agentSocket = await k.socket(agent.token);
    const event = nextEvent(managerSocket, `company-${c.company.id}-whatsapp`);
    const seen = await expectNoEvent(agentSocket, /whatsapp/, async () => {
      const res = await create(manager.token, { name: 'By manager' });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('token');
      await event;
    });
    expect(seen).toEqual([]);
    const list = await k.api('GET', '/whatsapp', { token: manager.token });
    expect(list.body[0]).toHaveProperty('qrcode');
  });

  it('the API token is in no answer or live event, for the admin, a connection manager or an agent (#29)', async () => {
    const c = await k.createCompany();
    const manager = await k.createUser(c.company.id);
    const agent = await k.createUser(c.company.id);
    await k.db('users').where({ id: manager.user.id }).update({ allowConnections: true });
    const sockets = { admin: await k.socket(c.admin.token), manager: await k.socket(manager.token) };
    const created = Object.fromEntries(Object.entries(sockets).map(([who, socket]) => [who, nextEvent(socket, `company-${c.company.id}-whatsapp`)]));
    const conn = await connection(c);
    const token = await apiTokenOf(conn.id);
    const updated = Object.fromEntries(Object.entries(sockets).map(([who, socket]) => [who, nextEvent(socket, `company-${c.company.id}-whatsapp`, (p) => p.action === 'update')]));
    const sessions = Object.fromEntries(Object.entries(sockets).map(([who, socket]) => [who, nextEvent(socket, `company-${c.company.id}-whatsappSession`)]));
    expect((await k.api('PUT', `/whatsapp/${conn.id}`, { token: manager.token, body: { greetingMessage: 'Oi' } })).status).toBe(200);
    expect((await k.api('DELETE', `/whatsappsession/${conn.id}`, { token: c.admin.token })).status).toBe(200);

    const seen: unknown[] = [conn];
    for (const who of ['admin', 'manager'] as const) seen.push(await created[who], await updated[who], await sessions[who]);
    for (const user of [c.admin, manager, agent]) {
      seen.push((await k.api('GET', '/whatsapp', { token: user.token })).body, (await k.api('GET', `/whatsapp/${conn.id}`, { token: user.token })).body);
    }
    expect(seen).toHaveLength(13);
    for (const answer of seen) {
      expect(JSON.stringify(answer)).toContain(`"id":${conn.id}`);
      expect(JSON.stringify(answer)).not.toContain(token);
    }
  });

  it('another company\'s connection is not found anywhere, and companyId in the query is ignored', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const theirs = await connection(b);
    const mine = await connection(a);
    const notFound = { status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } };
    expect(await k.api('GET', `/whatsapp/${theirs.id}`, { token: a.admin.token })).toMatchObject(notFound);
    expect(await k.api('PUT', `/whatsapp/${theirs.id}`, { token: a.admin.token, body: { name: 'Stolen' } })).toMatchObject(notFound);
    expect(await k.api('DELETE', `/whatsapp/${theirs.id}`, { token: a.admin.token })).toMatchObject(notFound);
    expect(await k.api('POST', `/whatsappsession/${theirs.id}`, { token: a.admin.token })).toMatchObject(notFound);
    expect(await k.api('PUT', `/whatsappsession/${theirs.id}`, { token: a.admin.token })).toMatchObject(notFound);
    expect(await k.api('DELETE', `/whatsappsession/${theirs.id}`, { token: a.admin.token })).toMatchObject(notFound);
    expect(await k.api('DELETE', `/whatsapp/${theirs.id}/media-upload`, { token: a.admin.token })).toMatchObject(notFound);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    expect(await k.api('POST', `/whatsapp/${theirs.id}/media-upload`, { token: a.admin.token, body: form })).toMatchObject(notFound);
    const list = await k.api('GET', `/whatsapp?companyId=${b.company.id}`, { token: a.admin.token });
    expect(list.body.map((w: { id: number }) => w.id)).toEqual([mine.id]);
    expect((await k.db('whatsapps').where({ id: theirs.id }).first('name')).name).toBe(theirs.name);
  });

  it('answers 401 without a token', async () => {
    expect((await k.api('GET', '/whatsapp')).status).toBe(401);
  });
});

describe('reading and editing', () => {
  it('session=0 leaves out the QR code and session; the single read includes the QR code', async () => {
    const c = await k.createCompany();
    const conn = await connection(c);
    await setSessionState(k.kernel.core, c.company.id, conn.id, { status: 'qrcode', qrcode: '2@abc', session: 'marker' });
    const lean = await k.api('GET', '/whatsapp?session=0', { token: c.admin.token });
    expect(lean.body[0]).toMatchObject({ id: conn.id, status: 'qrcode' });
    expect(lean.body[0]).not.toHaveProperty('qrcode');
    expect(lean.body[0]).not.toHaveProperty('session');
    expect((await k.api('GET', `/whatsapp/${conn.id}?session=0`, { token: c.admin.token })).body).not.toHaveProperty('qrcode');
    expect((await k.api('GET', `/whatsapp/${conn.id}`, { token: c.admin.token })).body).toMatchObject({ qrcode: '2@abc', session: 'marker' });
  });

  it('PUT changes only what is sent, replaces the queues and keeps channel and token', async () => {
    const c = await k.createCompany();
    const q1 = await queue(c.company.id, 'One', '#aa0000');
    const q2 = await queue(c.company.id, 'Two', '#00aa00');
    const conn = await connection(c, { queueIds: [q1], greetingMessage: 'Hi', channel: 'whatsapp' });
    const tokenBefore = await apiTokenOf(conn.id);
    const res = await k.api('PUT', `/whatsapp/${conn.id}`, {
      token: c.admin.token,
      body: { queueIds: [q2], maxUseBotQueuesNPS: 7, expiresTicketNPS: 5, timeCreateNewTicket: 30, allowGroup: true, groupAsTicket: 'enabled', channel: 'instagram', token: 'X' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ greetingMessage: 'Hi', maxUseBotQueuesNPS: 7, expiresTicketNPS: 5, timeCreateNewTicket: 30, allowGroup: true, groupAsTicket: 'enabled', channel: 'whatsapp' });
    expect(await apiTokenOf(conn.id)).toBe(tokenBefore);
    expect(res.body.queues.map((q: { id: number }) => q.id)).toEqual([q2]);
    await wasPublished(ConnectionTopics.updated, (p) => p.connectionId === conn.id);
    expect((await k.api('PUT', `/whatsapp/${conn.id}`, { token: c.admin.token, body: { maxUseBotQueues: -1 } })).status).toBe(400);
  });

  it('a rename to another connection\'s name is a conflict', async () => {
    const c = await k.createCompany();
    await connection(c, { name: 'Alpha' });
    const beta = await connection(c, { name: 'Beta' });
    expect(await k.api('PUT', `/whatsapp/${beta.id}`, { token: c.admin.token, body: { name: 'alpha' } })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONNECTION' } });
    expect((await k.api('PUT', `/whatsapp/${beta.id}`, { token: c.admin.token, body: { name: 'Beta' } })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('try again, new QR and disconnect change the status, tell the managers and the supervisor', async () => {
    const c = await k.createCompany();
    const conn = await connection(c);
    await setSessionState(k.kernel.core, c.company.id, conn.id, { status: 'CONNECTED', session: 'marker', number: '5511999999999', retries: 2 });
    const socket = await k.socket(c.admin.token);
    const sessionEvent = `company-${c.company.id}-whatsappSession`;

    let event = nextEvent(socket, sessionEvent, (p) => p.session.status === 'DISCONNECTED');
    const logout = await k.api('DELETE', `/whatsappsession/${conn.id}`, { token: c.admin.token });
    expect(logout.body).toMatchObject({ status: 'DISCONNECTED', session: null, qrcode: null, retries: 0 });
    expect(await event).toMatchObject({ action: 'update', session: { id: conn.id, status: 'DISCONNECTED' } });
    await wasPublished(ConnectionTopics.logout, (p) => p.connectionId === conn.id && p.companyId === c.company.id);

    event = nextEvent(socket, sessionEvent, (p) => p.session.status === 'OPENING');
    expect((await k.api('POST', `/whatsappsession/${conn.id}`, { token: c.admin.token })).body).toMatchObject({ status: 'OPENING' });
    await event;
    await wasPublished(ConnectionTopics.start, (p) => p.connectionId === conn.id);

    await setSessionState(k.kernel.core, c.company.id, conn.id, { status: 'qrcode', qrcode: '2@qr', session: 'marker' });
    const newQr = await k.api('PUT', `/whatsappsession/${conn.id}`, { token: c.admin.token });
    expect(newQr.body).toMatchObject({ status: 'OPENING', qrcode: null, session: null });
    await wasPublished(ConnectionTopics.newQr, (p) => p.connectionId === conn.id);
  });

  it('restart puts every connection of the company back to OPENING, and only that company\'s', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const a1 = await connection(a);
    const a2 = await connection(a);
    const b1 = await connection(b);
    for (const [company, id] of [[a, a1.id], [a, a2.id], [b, b1.id]] as const) {
      await setSessionState(k.kernel.core, company.company.id, id, { status: 'CONNECTED' });
    }
    const res = await k.api('POST', '/whatsapp-restart/', { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.connectionIds).toEqual([a1.id, a2.id]);
    expect(await k.db('whatsapps').whereIn('id', [a1.id, a2.id, b1.id]).orderBy('id').pluck('status')).toEqual(['OPENING', 'OPENING', 'CONNECTED']);
    await wasPublished(ConnectionTopics.restart, (p) => p.companyId === a.company.id && p.connectionIds.length === 2);
    expect((await k.api('POST', '/whatsapp-restart', { token: a.admin.token })).status).toBe(200);
  });
});

describe('greeting media attachment', () => {
  it('is stored under the company, served at /public/<path>, replaced and removed', async () => {
    const c = await k.createCompany();
    const conn = await connection(c);
    const upload = async (content: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/plain' }), name);
      return k.api('POST', `/whatsapp/${conn.id}/media-upload`, { token: c.admin.token, body: form });
    };
    const socket = await k.socket(c.admin.token);
    const event = nextEvent(socket, `company-${c.company.id}-whatsapp`, (p) => Boolean(p.whatsapp?.greetingMediaAttachment));
    const first = await upload('first file', 'menu.pdf');
    expect(first.status).toBe(200);
    const firstPath: string = first.body.greetingMediaAttachment;
    expect(firstPath).toMatch(new RegExp(`^company${c.company.id}/connections/[0-9a-f-]+\\.pdf$`));
    expect(await (await fetch(`${k.url}/public/${firstPath}`)).text()).toBe('first file');
    expect((await event).whatsapp.greetingMediaAttachment).toBe(firstPath);

    const second = await upload('second file', 'menu2.pdf');
    const secondPath: string = second.body.greetingMediaAttachment;
    expect(secondPath).not.toBe(firstPath);
    expect((await fetch(`${k.url}/public/${firstPath}`)).status).toBe(404);
    expect(await (await fetch(`${k.url}/public/${secondPath}`)).text()).toBe('second file');

    const removed = await k.api('DELETE', `/whatsapp/${conn.id}/media-upload`, { token: c.admin.token });
    expect(removed.body.greetingMediaAttachment).toBeNull();
    expect((await fetch(`${k.url}/public/${secondPath}`)).status).toBe(404);
  });

  it('requires a file in the "file" field', async () => {
    const c = await k.createCompany();
    const conn = await connection(c);
    const form = new FormData();
    form.append('other', new Blob(['x']), 'a.txt');
    expect(await k.api('POST', `/whatsapp/${conn.id}/media-upload`, { token: c.admin.token, body: form })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['file'], message: 'validation.required' }] } });
    expect((await k.api('POST', `/whatsapp/${conn.id}/media-upload`, { token: c.admin.token, body: { file: 'x' } })).status).toBe(400);
    expect((await k.db('whatsapps').where({ id: conn.id }).first('greetingMediaAttachment')).greetingMediaAttachment).toBeNull();
  });

  it('is removed from storage when its connection is deleted', async () => {
    const c = await k.createCompany();
    await connection(c);
    const conn = await connection(c);
    const form = new FormData();
    form.append('file', new Blob(['bye']), 'a.png');
    const path: string = (await k.api('POST', `/whatsapp/${conn.id}/media-upload`, { token: c.admin.token, body: form })).body.greetingMediaAttachment;
    expect((await fetch(`${k.url}/public/${path}`)).status).toBe(200);
    await k.api('DELETE', `/whatsapp/${conn.id}`, { token: c.admin.token });
    expect((await fetch(`${k.url}/public/${path}`)).status).toBe(404);
  });
});
