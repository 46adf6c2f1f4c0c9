import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import plugin from '../src/plugin.js';
import { connection, contact, sp } from './support.js';

/** GET/POST/PUT/DELETE /schedules (outreach-config.md §2, §5, §7): rules, roles, tenants, plan flag, events. */

let k: TestKernel;
let c: TestCompany;
let agent: TestUser;
let other: TestUser;
let contactId: number;
let conn: number;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [plugin] });
  c = await k.createCompany({ planFlags: { useSchedules: true } });
  agent = await k.createUser(c.company.id, { profile: 'user' });
  other = await k.createUser(c.company.id, { profile: 'user' });
  contactId = await contact(k, c.company.id, 'Maria Souza');
  conn = await connection(k, c.company.id);
});
afterAll(async () => k?.close());

const sendAt = sp('2031-05-10T09:30:00').toISOString();
const create = (token: string, body: Record<string, unknown>) => k.api('POST', '/schedules', { token, body });
const timerOf = (id: number) => k.db('timedWork').where({ kind: 'schedules.send', key: String(id) }).first();

describe('validation', () => {
  it('needs a body of 5 characters, a contact and a send time (i18n keys)', async () => {
    const res = await create(agent.token, { body: 'oi', sendAt: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    const byField = Object.fromEntries(res.body.issues.map((i: { path: string[]; message: string }) => [i.path[0], i.message]));
    expect(byField).toMatchObject({ body: 'schedules:validation.tooShort', contactId: 'schedules:validation.required', sendAt: 'schedules:validation.required' });
    expect(Number((await k.db('schedules').where({ companyId: c.company.id }).count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('a repeat needs an end not before the first sending; unknown repeats are refused', async () => {
    const noEnd = await create(agent.token, { body: 'Bom dia!', contactId, sendAt, repeat: 'daily' });
    expect(noEnd.body.issues).toEqual([expect.objectContaining({ path: ['repeatUntil'], message: 'schedules:validation.required' })]);
    const early = await create(agent.token, { body: 'Bom dia!', contactId, sendAt, repeat: 'weekly', repeatUntil: sp('2031-05-01T00:00:00').toISOString() });
    expect(early.body.issues).toEqual([expect.objectContaining({ path: ['repeatUntil'], message: 'schedules:validation.repeatEnd' })]);
    expect((await create(agent.token, { body: 'Bom dia!', contactId, sendAt, repeat: 'yearly', repeatUntil: sendAt })).status).toBe(400);
  });

  it('a contact or connection of another company is not found', async () => {
    const d = await k.createCompany({ planFlags: { useSchedules: true } });
    const foreignContact = await contact(k, d.company.id);
    const foreignConn = await connection(k, d.company.id);
    expect((await create(agent.token, { body: 'Olá, tudo bem?', contactId: foreignContact, sendAt })).body).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    expect((await create(agent.token, { body: 'Olá, tudo bem?', contactId, sendAt, whatsappId: foreignConn })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  });
});

describe('routes and roles', () => {
  it('creates a PENDENTE schedule with its timer due at sendAt, and tells the company', async () => {
    const socket = await k.socket(c.admin.token);
    try {
      const told = nextEvent(socket, `company-${c.company.id}-schedule`, (p: any) => p.action === 'create');
      const res = await create(agent.token, { body: 'Lembrete da consulta', contactId, sendAt, whatsappId: conn });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ body: 'Lembrete da consulta', status: 'PENDENTE', contact: { id: contactId, name: 'Maria Souza' }, user: { id: agent.user.id }, whatsapp: { id: conn }, repeat: 'none', error: null, sentAt: null });
      expect(new Date(res.body.sendAt).toISOString()).toBe(sendAt);
      expect(new Date((await timerOf(res.body.id)).dueAt).toISOString()).toBe(sendAt);
      expect(((await told) as any).schedule.id).toBe(res.body.id);
    } finally {
      socket.close();
    }
  });

  it('lists 20 per page newest first with search in body and contact name; GET by id', async () => {
    const d = await k.createCompany({ planFlags: { useSchedules: true } });
    const ana = await contact(k, d.company.id, 'Ana Lista');
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push((await create(d.admin.token, { body: `Mensagem número ${i}`, contactId: ana, sendAt })).body.id);
    const first = await k.api('GET', '/schedules?pageNumber=1', { token: d.admin.token });
    expect(first.body.hasMore).toBe(true);
    expect(first.body.schedules.map((s: { id: number }) => s.id)).toEqual([...ids].reverse().slice(0, 20));
    const second = await k.api('GET', '/schedules?pageNumber=2', { token: d.admin.token });
    expect(second.body).toMatchObject({ hasMore: false, schedules: [{ id: ids[0] }] });
    expect((await k.api('GET', '/schedules?searchParam=número 7', { token: d.admin.token })).body.schedules.map((s: { id: number }) => s.id)).toEqual([ids[7]]);
    expect((await k.api('GET', '/schedules?searchParam=ana lis', { token: d.admin.token })).body.schedules).toHaveLength(20);
    expect((await k.api('GET', `/schedules/${ids[3]}`, { token: d.admin.token })).body).toMatchObject({ id: ids[3], body: 'Mensagem número 3' });
    // Another company sees none of it.
    expect((await k.api('GET', `/schedules/${ids[3]}`, { token: c.admin.token })).body).toEqual({ error: 'ERR_NO_SCHEDULE_FOUND' });
    expect((await k.api('GET', '/schedules?searchParam=número', { token: c.admin.token })).body.schedules).toEqual([]);
    expect((await k.api('PUT', `/schedules/${ids[3]}`, { token: c.admin.token, body: { body: 'Tomada alheia', contactId, sendAt } })).status).toBe(404);
    expect((await k.api('DELETE', `/schedules/${ids[3]}`, { token: c.admin.token })).status).toBe(404);
  });

  it('a user changes or deletes only their own schedules; an admin any', async () => {
    const mine = (await create(agent.token, { body: 'Do agente', contactId, sendAt })).body;
    const body = { body: 'Alterado pelo outro', contactId, sendAt };
    expect((await k.api('PUT', `/schedules/${mine.id}`, { token: other.token, body })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await k.api('DELETE', `/schedules/${mine.id}`, { token: other.token })).status).toBe(403);
    expect((await k.api('GET', `/schedules/${mine.id}`, { token: other.token })).status).toBe(200);
    const later = sp('2031-06-01T08:00:00').toISOString();
    const edited = await k.api('PUT', `/schedules/${mine.id}`, { token: agent.token, body: { body: 'Do agente, editado', contactId, sendAt: later, repeat: 'monthly', repeatUntil: sp('2031-12-31T23:59:00').toISOString() } });
    expect(edited.body).toMatchObject({ body: 'Do agente, editado', repeat: 'monthly', status: 'PENDENTE' });
    expect(new Date((await timerOf(mine.id)).dueAt).toISOString()).toBe(later);
    const byAdmin = await k.api('PUT', `/schedules/${mine.id}`, { token: c.admin.token, body: { body: 'Do agente, editado', contactId, sendAt: later, status: 'CANCELADA' } });
    expect(byAdmin.body.status).toBe('CANCELADA');
    expect(await timerOf(mine.id)).toBeUndefined();
    expect((await k.api('DELETE', `/schedules/${mine.id}`, { token: c.admin.token })).status).toBe(200);
    expect(await k.db('schedules').where({ id: mine.id }).first()).toBeUndefined();
    expect((await k.api('GET', `/schedules/${mine.id}`, { token: agent.token })).status).toBe(404);
  });

  it('attaches and removes a media file', async () => {
    const s = (await create(agent.token, { body: 'Segue o catálogo', contactId, sendAt })).body;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 catálogo')], { type: 'application/pdf' }), 'catalogo.pdf');
    const up = await fetch(`${k.apiUrl}/schedules/${s.id}/media`, { method: 'POST', headers: { authorization: `Bearer ${agent.token}` }, body: form });
    const attached = await up.json();
    expect(up.status).toBe(200);
    expect(attached).toMatchObject({ mediaName: 'catalogo.pdf', mediaType: 'application/pdf' });
    expect((await k.kernel.core.storage.read(attached.mediaPath)).toString('utf8')).toBe('%PDF-1.4 catálogo');
    const noFile = await fetch(`${k.apiUrl}/schedules/${s.id}/media`, { method: 'POST', headers: { authorization: `Bearer ${agent.token}` }, body: new FormData() });
    expect(noFile.status).toBe(400);
    const removed = await k.api('DELETE', `/schedules/${s.id}/media`, { token: agent.token });
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });
    expect(await k.kernel.core.storage.stat(attached.mediaPath)).toBeNull();
  });

  it('every route answers 403 ERR_PLAN_DISABLED while useSchedules is off', async () => {
    const off = await k.createCompany({ planFlags: { useSchedules: false } });
    for (const [method, path, body] of [
      ['GET', '/schedules', undefined],
      ['GET', '/schedules/1', undefined],
      ['POST', '/schedules', { body: 'Olá mundo', contactId, sendAt }],
      ['PUT', '/schedules/1', { body: 'Olá mundo', contactId, sendAt }],
      ['DELETE', '/schedules/1', undefined],
      ['POST', '/schedules/1/media', undefined],
      ['DELETE', '/schedules/1/media', undefined],
    ] as const) {
      expect(await k.api(method, path, { token: off.admin.token, body }), `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
    }
    expect((await k.api('GET', '/schedules')).status).toBe(401);
  });
});
