import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, expectNoEvent, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let n = 0;
const queue = (extra: Record<string, unknown> = {}) => {
  n++;
  return { name: `Fila ${n}`, color: `#${String(n).padStart(6, '0')}`, greetingMessage: `Bem-vindo à fila ${n}`, ...extra };
};

async function create(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/queue', { token, body });
  if (res.status !== 201) throw new Error(`create queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('reading queues', () => {
  it('every member lists the company\'s queues by orderQueue (unset last), then name; another company sees none', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const b = await create(admin.token, queue({ name: 'Bravo', orderQueue: 2 }));
    const z = await create(admin.token, queue({ name: 'Zulu', orderQueue: 1 }));
    const a = await create(admin.token, queue({ name: 'Alfa' }));
    const c = await create(admin.token, queue({ name: 'Charlie', orderQueue: 2, userIds: [agent.user.id] }));
    const other = await k.createCompany();

    const list = await k.api('GET', '/queue', { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([z.id, b.id, c.id, a.id]);
    expect(list.body[2]).toMatchObject({ name: 'Charlie', userIds: [agent.user.id] });
    expect((await k.api('GET', `/queue?companyId=${company.id}`, { token: other.admin.token })).body).toEqual([]);

    expect((await k.api('GET', `/queue/${c.id}`, { token: agent.token })).body).toMatchObject({ id: c.id, name: 'Charlie', color: c.color });
    expect(await k.api('GET', `/queue/${c.id}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await k.api('GET', '/queue')).status).toBe(401);
  });
});

describe('POST /queue', () => {
  it('creates a queue with the spec defaults and its users', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const res = await k.api('POST', '/queue', { token: admin.token, body: { name: 'Suporte', color: '#FF0000', userIds: [agent.user.id, admin.user.id] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      companyId: company.id,
      name: 'Suporte',
      color: '#FF0000',
      greetingMessage: null,
      outOfHoursMessage: null,
      orderQueue: null,
      ativarRoteador: false,
      tempoRoteador: 0,
      closeTicket: false,
      integrationId: null,
      fileListId: null,
      promptId: null,
    });
    expect(res.body.userIds.sort()).toEqual([admin.user.id, agent.user.id].sort());
    expect(res.body.schedules).toHaveLength(7);
    expect(res.body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
    const me = await k.api('GET', '/auth/me', { token: agent.token });
    expect(me.body.user.queues).toEqual([{ id: res.body.id, name: 'Suporte', color: '#FF0000' }]);
  });

  it('stores every field of the queue dialog', async () => {
    const { admin } = await k.createCompany();
    const schedules = [{ weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '13:00', startTimeB: '', endTimeB: '' }];
    const body = { name: 'Plantão', color: '#abc', greetingMessage: 'Oi', outOfHoursMessage: 'Fechado', orderQueue: 4, ativarRoteador: true, tempoRoteador: 15, closeTicket: true, schedules };
    const res = await k.api('POST', '/queue', { token: admin.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(body);
    expect((await k.api('GET', `/queue/${res.body.id}`, { token: admin.token })).body).toMatchObject(body);
  });

  it('validates name, colour, rotation interval and service hours with their messages', async () => {
    const { admin } = await k.createCompany();
    const day = { weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' };
    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [queue({ name: 'A' }), ['name'], 'validation.tooShort'],
      [queue({ name: 'A'.repeat(51) }), ['name'], 'validation.tooLong'],
      [queue({ name: undefined }), ['name'], 'validation.required'],
      [queue({ color: '#a' }), ['color'], 'validation.tooShort'],
      [queue({ color: '#0123456789' }), ['color'], 'validation.tooLong'],
      [queue({ color: undefined }), ['color'], 'validation.required'],
      [queue({ tempoRoteador: 7 }), ['tempoRoteador'], 'validation.rotationInterval'],
      [queue({ schedules: [day, day] }), ['schedules'], 'validation.scheduleDays'],
      [queue({ schedules: [{ ...day, endTimeA: '24:00' }] }), ['schedules', 0, 'endTimeA'], 'validation.time'],
    ];
    for (const [body, path, message] of cases) {
      const res = await k.api('POST', '/queue', { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.issues).toContainEqual(expect.objectContaining({ path: path.map(String), message }));
    }
    expect(await k.db('queues').where({ companyId: (await k.db('users').where({ id: admin.user.id }).first('companyId')).companyId })).toEqual([]);
  });

  it('refuses a colour or a name already used in the company, whatever the case', async () => {
    const { admin } = await k.createCompany();
    const other = await k.createCompany();
    await create(admin.token, queue({ name: 'Vendas', color: '#AABBCC' }));
    const colour = await k.api('POST', '/queue', { token: admin.token, body: queue({ color: '#aabbcc' }) });
    expect(colour).toMatchObject({ status: 400, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' } });
    const name = await k.api('POST', '/queue', { token: admin.token, body: queue({ name: 'VENDAS' }) });
    expect(name).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['name'], message: 'validation.queueNameTaken' }] } });
    // Another company may use both.
    expect((await k.api('POST', '/queue', { token: other.admin.token, body: queue({ name: 'Vendas', color: '#AABBCC' }) })).status).toBe(201);
  });

  it('requires a greeting from the second queue on (ERR_WAPP_GREETING_REQUIRED)', async () => {
    const { admin } = await k.createCompany();
    const first = await create(admin.token, queue({ greetingMessage: undefined }));
    for (const greetingMessage of [undefined, null, '   ']) {
      const res = await k.api('POST', '/queue', { token: admin.token, body: queue({ greetingMessage }) });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } });
    }
    await create(admin.token, queue());
    // With two queues, editing the first one without a greeting is refused until it gets one.
    expect((await k.api('PUT', `/queue/${first.id}`, { token: admin.token, body: { orderQueue: 1 } })).body).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    const fixed = await k.api('PUT', `/queue/${first.id}`, { token: admin.token, body: { orderQueue: 1, greetingMessage: 'Olá' } });
    expect(fixed.status).toBe(200);
    expect((await k.api('PUT', `/queue/${first.id}`, { token: admin.token, body: { greetingMessage: '' } })).body).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
  });

  it('a lone queue may drop its greeting', async () => {
    const { admin } = await k.createCompany();
    const only = await create(admin.token, queue());
    const res = await k.api('PUT', `/queue/${only.id}`, { token: admin.token, body: { greetingMessage: null } });
    expect(res).toMatchObject({ status: 200, body: { greetingMessage: null } });
  });

  it('enforces the plan\'s queue limit, also under concurrent creations', async () => {
    const { company, admin } = await k.createCompany();
    const { planId } = await k.db('companies').where({ id: company.id }).first('planId');
    expect((await k.api('PUT', `/plans/${planId}`, { token: k.superToken, body: { queues: 2 } })).status).toBe(200);
    const results = await Promise.all([1, 2, 3].map(() => k.api('POST', '/queue', { token: admin.token, body: queue() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 403]);
    expect(results.find((r) => r.status === 403)?.body).toEqual({ error: 'ERR_PLAN_LIMIT', limit: 'queues', max: 2 });
    expect((await k.api('GET', '/queue', { token: admin.token })).body).toHaveLength(2);
  });

  it('refuses users of another company and plain users, writing nothing', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const body = queue({ userIds: [agent.user.id, other.admin.user.id] });
    expect(await k.api('POST', '/queue', { token: admin.token, body })).toMatchObject({ status: 400, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(await k.api('POST', '/queue', { token: agent.token, body: queue() })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.db('queues').where({ companyId: company.id })).toEqual([]);
  });

  it('the super user manages the queues of their own company', async () => {
    const res = await k.api('POST', '/queue', { token: k.superToken, body: queue() });
    expect(res).toMatchObject({ status: 201, body: { companyId: 1 } });
  });
});

describe('PUT and DELETE /queue/:id', () => {
  it('an admin changes fields and the users of a queue; each user gained or lost is told', async () => {
    const { company, admin } = await k.createCompany();
    const ana = await k.createUser(company.id);
    const bia = await k.createUser(company.id);
    const q = await create(admin.token, queue({ userIds: [ana.user.id] }));
    const anaSocket = await k.socket(ana.token);
    const biaSocket = await k.socket(bia.token);
    const anaLost = nextEvent(anaSocket, `company-${company.id}-user`);
    const biaGained = nextEvent(biaSocket, `company-${company.id}-user`);
    const res = await k.api('PUT', `/queue/${q.id}`, { token: admin.token, body: { name: 'Renomeada', color: q.color.toUpperCase(), userIds: [bia.user.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: q.id, name: 'Renomeada', userIds: [bia.user.id], greetingMessage: q.greetingMessage });
    expect(await anaLost).toMatchObject({ action: 'update', user: { id: ana.user.id, queues: [] } });
    expect(await biaGained).toMatchObject({ action: 'update', user: { id: bia.user.id, queues: [{ id: q.id, name: 'Renomeada' }] } });
  });

  it('refuses a colour or name of another queue of the company on edit', async () => {
    const { admin } = await k.createCompany();
    const one = await create(admin.token, queue({ name: 'Um' }));
    const two = await create(admin.token, queue({ name: 'Dois' }));
    expect((await k.api('PUT', `/queue/${two.id}`, { token: admin.token, body: { color: one.color } })).body).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
    expect((await k.api('PUT', `/queue/${two.id}`, { token: admin.token, body: { name: 'um' } })).body.issues[0].message).toBe('validation.queueNameTaken');
    expect((await k.api('PUT', `/queue/${two.id}`, { token: admin.token, body: { name: 'A' } })).body.issues[0].message).toBe('validation.tooShort');
    expect((await k.api('GET', `/queue/${two.id}`, { token: admin.token })).body).toMatchObject({ name: 'Dois', color: two.color });
  });

  it('deleting a queue removes it from its users; plain users and other companies get 403 / 404', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const q = await create(admin.token, queue({ userIds: [agent.user.id] }));
    expect((await k.api('PUT', `/queue/${q.id}`, { token: agent.token, body: { name: 'Minha' } })).status).toBe(403);
    expect((await k.api('DELETE', `/queue/${q.id}`, { token: agent.token })).status).toBe(403);
    expect(await k.api('PUT', `/queue/${q.id}`, { token: other.admin.token, body: { name: 'Alheia' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await k.api('DELETE', `/queue/${q.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await k.api('GET', `/queue/${q.id}`, { token: admin.token })).body.name).toBe(q.name);

    expect((await k.api('DELETE', `/queue/${q.id}`, { token: admin.token })).status).toBe(204);
    expect((await k.api('GET', `/queue/${q.id}`, { token: admin.token })).status).toBe(404);
    expect((await k.api('GET', `/users/${agent.user.id}`, { token: admin.token })).body.queues).toEqual([]);
  });
});

describe('live events', () => {
  it('company-{id}-queue reaches every member of the company and nobody else', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const agentSocket = await k.socket(agent.token);
    const strangerSocket = await k.socket(other.admin.token);
    const event = `company-${company.id}-queue`;

    const seen = await expectNoEvent(strangerSocket, /queue/, async () => {
      const created = nextEvent(agentSocket, event);
      const q = await create(admin.token, queue());
      expect(await created).toMatchObject({ action: 'create', queue: { id: q.id, name: q.name } });

      const updated = nextEvent(agentSocket, event);
      await k.api('PUT', `/queue/${q.id}`, { token: admin.token, body: { orderQueue: 3 } });
      expect(await updated).toMatchObject({ action: 'update', queue: { id: q.id, orderQueue: 3 } });

      const deleted = nextEvent(agentSocket, event);
      await k.api('DELETE', `/queue/${q.id}`, { token: admin.token });
      expect(await deleted).toEqual({ action: 'delete', queueId: q.id });
    });
    expect(seen).toEqual([]);
  });
});
