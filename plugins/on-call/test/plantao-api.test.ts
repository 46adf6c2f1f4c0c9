import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlantaoEvents } from '@guiche/contracts';
import { nextEvent, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, startKernel, week } from './support.js';

const world = new FakeWorld();
let k: TestKernel;
let acme: TestCompany;

beforeAll(async () => {
  k = await startKernel(world);
  acme = await k.createCompany();
});
afterAll(async () => {
  await k?.close();
});

const valid = () => ({ userId: acme.admin.user.id, phone: '5511977776666', interval: 5, days: week({ monday: ['08:00', '18:00'] }) });
const post = (body: unknown, token = acme.admin.token) => k.api('POST', '/plantao', { token, body });

describe('plantao CRUD', () => {
  it('creates, lists, reads, edits and deletes a rota, seven weekday rows Monday first', async () => {
    const created = await post({ ...valid(), phone: '+55 (11) 97777-6666' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: acme.admin.user.id, user: { name: acme.admin.user.name }, phone: '5511977776666', interval: 5 });
    expect(created.body.days).toHaveLength(7);
    expect(created.body.pageSlaBreaches).toBe(false); // SLA breach pages are off unless asked
    expect(created.body.days[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' });
    expect(created.body.days[6]).toMatchObject({ weekdayEn: 'sunday', startTime: '', endTime: '' });
    const list = await k.api('GET', '/plantao', { token: acme.admin.token });
    expect(list.body.map((p: any) => p.id)).toContain(created.body.id);
    const edited = await k.api('PUT', `/plantao/${created.body.id}`, { token: acme.admin.token, body: { ...valid(), interval: 10, days: week({ friday: ['22:00', '06:00'] }) } });
    expect(edited.status).toBe(200);
    expect(edited.body.interval).toBe(10);
    expect(edited.body.days[4]).toMatchObject({ weekdayEn: 'friday', startTime: '22:00', endTime: '06:00' });
    expect((await k.api('GET', `/plantao/${created.body.id}`, { token: acme.admin.token })).body.interval).toBe(10);
    const paging = await k.api('PUT', `/plantao/${created.body.id}`, { token: acme.admin.token, body: { ...valid(), pageSlaBreaches: true } });
    expect(paging.body.pageSlaBreaches).toBe(true);
    expect((await k.api('GET', `/plantao/${created.body.id}`, { token: acme.admin.token })).body.pageSlaBreaches).toBe(true);
    const notBoolean = await k.api('PUT', `/plantao/${created.body.id}`, { token: acme.admin.token, body: { ...valid(), pageSlaBreaches: 'yes' } });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.issues.map((i: any) => i.path.join('.'))).toEqual(['pageSlaBreaches']);
    expect((await k.api('DELETE', `/plantao/${created.body.id}`, { token: acme.admin.token })).status).toBe(204);
    expect((await k.api('GET', `/plantao/${created.body.id}`, { token: acme.admin.token })).status).toBe(404);
  });

  it('applies the §5 rules with their messages', async () => {
    const issues = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      return res.body.issues.map((i: any) => `${i.path.join('.')}:${i.message}`);
    };
    expect(await issues({ ...valid(), userId: '' })).toEqual(['userId:validation.plantaoUser']);
    expect(await issues({ ...valid(), phone: '' })).toEqual(['phone:validation.plantaoPhone']);
    expect(await issues({ ...valid(), interval: 'abc' })).toEqual(['interval:validation.plantaoInterval']);
    expect(await issues({ ...valid(), interval: '' })).toEqual(['interval:validation.plantaoInterval']);
    expect(await issues({ ...valid(), days: week({ monday: ['08:00', '18:00'], tuesday: ['', '12:00'] }) })).toEqual(['days.1.startTime:validation.plantaoStart']);
    expect(await issues({ ...valid(), days: week({ monday: ['08:00', '18:00'], tuesday: ['09:00', ''] }) })).toEqual(['days.1.endTime:validation.plantaoEnd']);
    expect(await issues({ ...valid(), days: week({}) })).toEqual(['days:validation.plantaoOneDay']);
    expect(await issues({ ...valid(), days: week({ monday: ['8h', '18:00'] }) })).toEqual(['days.0.startTime:validation.time']);
    expect((await post({ ...valid(), phone: '12' })).body.issues).toEqual([{ path: ['phone'], message: 'validation.plantaoPhone' }]);
  });

  it('is for the admin group only', async () => {
    const agent = await k.createUser(acme.company.id);
    expect((await post(valid(), agent.token)).status).toBe(403);
    expect((await k.api('GET', '/plantao', { token: agent.token })).status).toBe(403);
  });

  it('never shows or changes another company’s rota, nor names another company’s user', async () => {
    const other = await k.createCompany();
    const theirs = await post({ ...valid(), userId: other.admin.user.id }, other.admin.token);
    expect(theirs.status).toBe(201);
    expect((await k.api('GET', `/plantao/${theirs.body.id}`, { token: acme.admin.token })).status).toBe(404);
    expect((await k.api('PUT', `/plantao/${theirs.body.id}`, { token: acme.admin.token, body: valid() })).status).toBe(404);
    expect((await k.api('DELETE', `/plantao/${theirs.body.id}`, { token: acme.admin.token })).status).toBe(404);
    expect((await k.api('GET', '/plantao', { token: acme.admin.token })).body.some((p: any) => p.id === theirs.body.id)).toBe(false);
    expect(await post({ ...valid(), userId: other.admin.user.id })).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
  });

  it('tells the company’s admins live: create, update, delete', async () => {
    const socket = await k.socket(acme.admin.token);
    const event = PlantaoEvents.plantao(acme.company.id);
    const created = nextEvent<any>(socket, event, (p) => p.action === 'create');
    const res = await post(valid());
    expect((await created).record.id).toBe(res.body.id);
    const updated = nextEvent<any>(socket, event, (p) => p.action === 'update');
    await k.api('PUT', `/plantao/${res.body.id}`, { token: acme.admin.token, body: { ...valid(), interval: 7 } });
    expect((await updated).record.interval).toBe(7);
    const deleted = nextEvent<any>(socket, event, (p) => p.action === 'delete');
    await k.api('DELETE', `/plantao/${res.body.id}`, { token: acme.admin.token });
    expect((await deleted).id).toBe(res.body.id);
    socket.disconnect();
  });
});
