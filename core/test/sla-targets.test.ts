import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';
import { slaFixtures } from './sla-support.js';

/** SLA targets (issue #33): the admins' list, its validation, roles and tenant isolation, the audit trail. */

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => k?.close());

const { queue, connection } = slaFixtures(() => k, 0x300000);

describe('SLA targets: the admin list', () => {
  it('admins create, change and delete targets; the admins hear each change; each change is audited', async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    const w = await connection(company.id);
    const socket = await k.socket(admin.token);
    const created = nextEvent(socket, `company-${company.id}-slaTarget`);
    const res = await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q, firstResponseMinutes: 15, resolutionMinutes: 240 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ queueId: q, queue: { id: q }, whatsappId: null, whatsapp: null, firstResponseMinutes: 15, resolutionMinutes: 240 });
    expect(await created).toMatchObject({ action: 'create', slaTarget: { id: res.body.id } });

    const narrow = await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q, whatsappId: w, resolutionMinutes: 60 } });
    expect(narrow.body).toMatchObject({ whatsappId: w, whatsapp: { id: w }, firstResponseMinutes: null, resolutionMinutes: 60 });
    expect((await k.api('GET', '/sla-targets', { token: admin.token })).body.map((t: any) => t.id)).toEqual([res.body.id, narrow.body.id]);

    const updated = nextEvent(socket, `company-${company.id}-slaTarget`, (e: any) => e.action === 'update');
    const put = await k.api('PUT', `/sla-targets/${res.body.id}`, { token: admin.token, body: { queueId: q, firstResponseMinutes: 10, resolutionMinutes: null } });
    expect(put.body).toMatchObject({ firstResponseMinutes: 10, resolutionMinutes: null });
    expect(await updated).toMatchObject({ slaTarget: { id: res.body.id, firstResponseMinutes: 10 } });

    expect((await k.api('DELETE', `/sla-targets/${narrow.body.id}`, { token: admin.token })).status).toBe(200);
    expect(await k.db('slaTargets').where({ id: narrow.body.id }).first()).toBeUndefined();

    const audit = await k.db('auditLogs').where({ companyId: company.id, entity: 'slaTarget' }).orderBy('id').select('action', 'entityId', 'oldValues', 'newValues');
    expect(audit.map((a: any) => a.action)).toEqual(['create', 'create', 'update', 'delete']);
    expect(audit[2]).toMatchObject({ oldValues: { firstResponseMinutes: 15, resolutionMinutes: 240 }, newValues: { firstResponseMinutes: 10, resolutionMinutes: null } });
  });

  it.each([
    [{}, 'queueId', 'validation.required'],
    [{ queueId: 1 }, 'firstResponseMinutes', 'validation.slaOneTarget'],
    [{ queueId: 1, firstResponseMinutes: 0 }, 'firstResponseMinutes', 'validation.slaMinutes'],
    [{ queueId: 1, resolutionMinutes: 43201 }, 'resolutionMinutes', 'validation.slaMinutes'],
    [{ queueId: 1, resolutionMinutes: 1.5 }, 'resolutionMinutes', 'validation.slaMinutes'],
    [{ queueId: 'x', resolutionMinutes: 5 }, 'queueId', 'validation.id'],
    [{ queueId: 1, whatsappId: 0, resolutionMinutes: 5 }, 'whatsappId', 'validation.id'],
  ])('rejects %j (%s: %s) without writing', async (body, field, message) => {
    const { company, admin } = await k.createCompany();
    const res = await k.api('POST', '/sla-targets', { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await k.db('slaTargets').where({ companyId: company.id }).first()).toBeUndefined();
  });

  it('one target per queue and connection', async () => {
    const { company, admin } = await k.createCompany();
    const q = await queue(company.id);
    expect((await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q, firstResponseMinutes: 5 } })).status).toBe(201);
    expect(await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q, resolutionMinutes: 5 } })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_SLA_TARGET' } });
  });

  it('agents neither read nor change targets', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id, { profile: 'user' });
    const q = await queue(company.id);
    const t = (await k.api('POST', '/sla-targets', { token: admin.token, body: { queueId: q, firstResponseMinutes: 5 } })).body;
    expect((await k.api('GET', '/sla-targets', { token: agent.token })).status).toBe(403);
    expect((await k.api('POST', '/sla-targets', { token: agent.token, body: { queueId: q, firstResponseMinutes: 1 } })).status).toBe(403);
    expect((await k.api('PUT', `/sla-targets/${t.id}`, { token: agent.token, body: { queueId: q, firstResponseMinutes: 1 } })).status).toBe(403);
    expect((await k.api('DELETE', `/sla-targets/${t.id}`, { token: agent.token })).status).toBe(403);
    expect((await k.db('slaTargets').where({ id: t.id }).first()).firstResponseMinutes).toBe(5);
  });

  it("another company's targets, queues and connections are not found", async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const qa = await queue(a.company.id);
    const qb = await queue(b.company.id);
    const wb = await connection(b.company.id);
    const t = (await k.api('POST', '/sla-targets', { token: a.admin.token, body: { queueId: qa, firstResponseMinutes: 5 } })).body;
    expect(await k.api('POST', '/sla-targets', { token: a.admin.token, body: { queueId: qb, firstResponseMinutes: 5 } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await k.api('POST', '/sla-targets', { token: a.admin.token, body: { queueId: qa, whatsappId: wb, firstResponseMinutes: 5 } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await k.api('PUT', `/sla-targets/${t.id}`, { token: b.admin.token, body: { queueId: qb, firstResponseMinutes: 1 } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_SLA_TARGET_FOUND' } });
    expect(await k.api('DELETE', `/sla-targets/${t.id}`, { token: b.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_SLA_TARGET_FOUND' } });
    expect((await k.api('GET', '/sla-targets', { token: b.admin.token })).body).toEqual([]);
    expect((await k.db('slaTargets').where({ id: t.id }).first()).firstResponseMinutes).toBe(5);
  });
});
