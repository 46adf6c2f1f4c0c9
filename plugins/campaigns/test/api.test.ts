import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { nextEvent, waitFor, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { campaignCompany, contactList, FakeWorld, liveConnection, startKernel, upload, xlsx } from './support.js';

/** Contact lists, items, upload, campaigns, settings (outreach-config.md §5, §7): rules, roles, tenants, plan flag, events. */

let world: FakeWorld;
let k: TestKernel;
let c: TestCompany;
let agent: TestUser;
let conn: number;

beforeAll(async () => {
  world = new FakeWorld();
  k = await startKernel(world);
  c = await campaignCompany(k);
  agent = await k.createUser(c.company.id, { profile: 'user' });
  conn = await liveConnection(k, world, c);
});
afterAll(async () => k?.close());

const issues = (body: { issues: { path: (string | number)[]; message: string }[] }) => Object.fromEntries(body.issues.map((i) => [i.path.join('.'), i.message]));
const admin = (method: string, path: string, body?: unknown) => k.api(method, path, { token: c.admin.token, body });

async function socketOf(token: string): Promise<Socket> {
  const socket = io(k.url, { auth: { token }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('contact lists', () => {
  it('creates, lists with search and counts, updates and deletes, with live events', async () => {
    const socket = await socketOf(c.admin.token);
    try {
      const created = nextEvent(socket, `company-${c.company.id}-ContactList`, (p) => p.action === 'create');
      const res = await admin('POST', '/contact-lists', { name: 'Clientes VIP' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Clientes VIP', contactsCount: 0 });
      expect((await created).record.id).toBe(res.body.id);
      await admin('POST', '/contact-lists', { name: 'Outros' });
      const item = await admin('POST', '/contact-list-items', { name: 'Ana', number: '+55 (11) 98888-7777', email: 'ana@ex.com', contactListId: res.body.id });
      expect(item.status).toBe(201);
      expect(item.body).toMatchObject({ number: '5511988887777', isWhatsappValid: null });
      const found = await admin('GET', '/contact-lists?searchParam=VIP');
      expect(found.body).toEqual({ records: [expect.objectContaining({ id: res.body.id, contactsCount: 1 })], hasMore: false });
      expect((await admin('GET', '/contact-lists/list')).body.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Clientes VIP', 'Outros']));
      expect((await admin('PUT', `/contact-lists/${res.body.id}`, { name: 'VIP' })).body.name).toBe('VIP');
      const items = await admin('GET', `/contact-list-items?contactListId=${res.body.id}&searchParam=ana`);
      expect(items.body).toEqual({ contacts: [expect.objectContaining({ name: 'Ana' })], hasMore: false });
      expect((await admin('POST', '/contact-list-items', { name: 'Ana 2', number: '5511988887777', contactListId: res.body.id })).body).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
      const deleted = nextEvent(socket, `company-${c.company.id}-ContactList`, (p) => p.action === 'delete');
      expect((await admin('DELETE', `/contact-lists/${res.body.id}`)).status).toBe(200);
      expect((await deleted).id).toBe(res.body.id);
      expect((await admin('GET', `/contact-lists/${res.body.id}`)).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    } finally {
      socket.close();
    }
  });

  it('answers each validation message of a list and an item', async () => {
    expect(issues((await admin('POST', '/contact-lists', { name: 'A' })).body)).toEqual({ name: 'validation.tooShort' });
    expect(issues((await admin('POST', '/contact-lists', { name: 'x'.repeat(51) })).body)).toEqual({ name: 'validation.tooLong' });
    expect(issues((await admin('POST', '/contact-lists', {})).body)).toEqual({ name: 'validation.required' });
    const list = (await admin('POST', '/contact-lists', { name: 'Regras' })).body;
    const bad = await admin('POST', '/contact-list-items', { name: 'B', number: '1234567', email: 'não-é-email', contactListId: list.id });
    expect(bad.status).toBe(400);
    expect(issues(bad.body)).toEqual({ name: 'validation.tooShort', number: 'validation.tooShort', email: 'validation.invalidEmail' });
    expect(issues((await admin('POST', '/contact-list-items', { name: 'Bia', number: '1'.repeat(51), contactListId: list.id })).body)).toEqual({ number: 'validation.tooLong' });
  });

  it('imports a sheet with a result per row, rows in error reported, and checks the numbers in the background', async () => {
    const list = (await admin('POST', '/contact-lists', { name: 'Planilha' })).body;
    world.numbers.set('5511977776666', '5511977776666@s.whatsapp.net');
    const file = await xlsx([
      ['Nome', 'Numero', 'Email'],
      ['Carla', '5511977776666', 'carla@ex.com'],
      ['D', '5511955554444', ''],
      ['Eduardo', '5511933332222', 'errado'],
      ['Fábio', '5511911110000', null],
    ]);
    const res = await upload(k, c.admin.token, `/contact-lists/${list.id}/upload`, file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 0, errors: 2 });
    expect(res.body.results).toEqual([
      expect.objectContaining({ row: 2, status: 'created' }),
      expect.objectContaining({ row: 3, status: 'error', errors: [{ path: 'name', message: 'validation.tooShort' }] }),
      expect.objectContaining({ row: 4, status: 'error', errors: [{ path: 'email', message: 'validation.invalidEmail' }] }),
      expect.objectContaining({ row: 5, status: 'created' }),
    ]);
    // Uploading again updates by number.
    expect((await upload(k, c.admin.token, `/contact-lists/${list.id}/upload`, file)).body).toMatchObject({ created: 0, updated: 2 });
    await k.kernel.core.timedWork.runDue();
    await waitFor(async () => (await k.db('contactListItems').where({ contactListId: list.id }).whereNull('isWhatsappValid').first()) === undefined || null);
    const items = await k.db('contactListItems').where({ contactListId: list.id }).orderBy('name').select('name', 'isWhatsappValid');
    expect(items).toEqual([{ name: 'Carla', isWhatsappValid: true }, { name: 'Fábio', isWhatsappValid: false }]);
    expect((await upload(k, c.admin.token, `/contact-lists/${list.id}/upload`, Buffer.from('not a sheet'))).body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['file'], message: 'validation.spreadsheetFile' }] });
  });
});

describe('campaigns', () => {
  it('creates INATIVA without a schedule and PROGRAMADA with one, lists with search, updates and deletes', async () => {
    const list = await contactList(k, c, 2);
    const a = await admin('POST', '/campaigns', { name: 'Black Friday', whatsappId: String(conn), contactListId: list.id, scheduledAt: '', message1: 'Oi {nome}' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ status: 'INATIVA', scheduledAt: null, whatsappId: String(conn), whatsapp: { name: 'Loja' }, contactList: { id: list.id } });
    const at = new Date(Date.now() + 3 * 3_600_000);
    const b = await admin('POST', '/campaigns', { name: 'Natal', whatsappId: [conn], scheduledAt: at.toISOString(), contactListId: 0, tagListId: '' });
    expect(b.body).toMatchObject({ status: 'PROGRAMADA', contactListId: null, tagListId: null });
    expect(new Date(b.body.scheduledAt).toISOString()).toBe(at.toISOString());
    expect(await k.db('timedWork').where({ kind: 'campaigns.start', key: String(b.body.id) }).first()).toBeTruthy();
    const search = await admin('GET', '/campaigns?searchParam=black');
    expect(search.body).toEqual({ records: [expect.objectContaining({ id: a.body.id, shipping: expect.objectContaining({ total: 0 }) })], hasMore: false });
    const upd = await admin('PUT', `/campaigns/${b.body.id}`, { name: 'Natal 2', whatsappId: String(conn), scheduledAt: null });
    expect(upd.body).toMatchObject({ name: 'Natal 2', status: 'INATIVA' });
    expect(await k.db('timedWork').where({ kind: 'campaigns.start', key: String(b.body.id) }).first()).toBeUndefined();
    expect((await admin('DELETE', `/campaigns/${b.body.id}`)).status).toBe(200);
    expect((await admin('GET', `/campaigns/${b.body.id}`)).body).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
  });

  it('answers the validation messages and refuses to edit a campaign no longer editable', async () => {
    const bad = await admin('POST', '/campaigns', { name: 'X', whatsappId: '' });
    expect(issues(bad.body)).toEqual({ name: 'validation.tooShort', whatsappId: 'validation.required' });
    expect(issues((await admin('POST', '/campaigns', { name: 'Ok ok' })).body)).toEqual({ whatsappId: 'validation.required' });
    expect(issues((await admin('POST', '/campaigns', { name: 'Ok ok', whatsappId: '1', scheduledAt: '2030-02-31T10:00:00' })).body)).toEqual({ scheduledAt: 'validation.invalidDateTime' });
    const soon = await admin('POST', '/campaigns', { name: 'Em breve', whatsappId: String(conn), scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    expect(soon.body.status).toBe('PROGRAMADA');
    expect((await admin('PUT', `/campaigns/${soon.body.id}`, { name: 'Mudou', whatsappId: String(conn) })).body).toEqual({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    expect((await admin('POST', `/campaigns/${soon.body.id}/restart`)).body).toEqual({ error: 'ERR_CAMPAIGN_STATUS' });
    await admin('DELETE', `/campaigns/${soon.body.id}`);
  });

  it('attaches and removes the media', async () => {
    const cp = (await admin('POST', '/campaigns', { name: 'Com foto', whatsappId: String(conn) })).body;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'foto.png');
    const res = await fetch(`${k.apiUrl}/campaigns/${cp.id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${c.admin.token}` }, body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mediaName: 'foto.png', mediaType: 'image/png' });
    expect((await admin('DELETE', `/campaigns/${cp.id}/media-upload`)).body).toMatchObject({ mediaName: null, mediaPath: null });

    // No file (a form without one, or no form at all): 400 on the field, nothing stored.
    const files = () => k.db('campaigns').where({ id: cp.id }).first('mediaPath');
    const onlyText = new FormData();
    onlyText.append('typeArch', 'campaign');
    const noFile = await fetch(`${k.apiUrl}/campaigns/${cp.id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${c.admin.token}` }, body: onlyText });
    expect(noFile.status).toBe(400);
    expect(issues(await noFile.json())).toEqual({ file: 'validation.required' });
    expect(issues((await admin('POST', `/campaigns/${cp.id}/media-upload`, { file: 'x' })).body)).toEqual({ file: 'validation.required' });
    expect(await files()).toEqual({ mediaPath: null });
  });

  it('saves the settings as JSON values with the defaults and ignores a repeated variable shortcut', async () => {
    const d = await campaignCompany(k);
    const defaults = await k.api('GET', '/campaign-settings', { token: d.admin.token });
    expect(defaults.body).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
      { key: 'businessHoursOnly', value: 'false' },
    ]);
    const saved = await k.api('POST', '/campaign-settings', {
      token: d.admin.token,
      body: { settings: { messageInterval: 5, variables: [{ key: 'loja', value: 'Centro' }, { key: 'loja', value: 'Outra' }] } },
    });
    expect(saved.body).toEqual(expect.arrayContaining([{ key: 'messageInterval', value: '5' }, { key: 'variables', value: JSON.stringify([{ key: 'loja', value: 'Centro' }]) }]));
  });
});

describe('roles, tenants and plan', () => {
  it('lets a plain user read but not change', async () => {
    expect((await k.api('GET', '/campaigns', { token: agent.token })).status).toBe(200);
    expect((await k.api('GET', '/contact-lists', { token: agent.token })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/campaigns', { name: 'Do agente', whatsappId: String(conn) }],
      ['POST', '/contact-lists', { name: 'Do agente' }],
      ['POST', '/campaign-settings', { settings: { messageInterval: 5 } }],
    ] as const) {
      expect((await k.api(method, path, { token: agent.token, body })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
  });

  it('hides every record from another company (404) and refuses its connections and lists', async () => {
    const other = await campaignCompany(k);
    const list = (await admin('POST', '/contact-lists', { name: 'Minha' })).body;
    const cp = (await admin('POST', '/campaigns', { name: 'Minha', whatsappId: String(conn) })).body;
    const t = other.admin.token;
    expect((await k.api('GET', `/contact-lists/${list.id}`, { token: t })).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    expect((await k.api('GET', `/contact-list-items?contactListId=${list.id}`, { token: t })).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
    expect((await k.api('GET', `/campaigns/${cp.id}`, { token: t })).body).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
    expect((await k.api('POST', `/campaigns/${cp.id}/cancel`, { token: t })).body).toEqual({ error: 'ERR_NO_CAMPAIGN_FOUND' });
    expect((await k.api('DELETE', `/campaigns/${cp.id}`, { token: t })).status).toBe(404);
    expect((await k.api('POST', '/campaigns', { token: t, body: { name: 'Roubo', whatsappId: String(conn) } })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await k.api('GET', '/campaigns', { token: t })).body.records).toEqual([]);
  });

  it('answers 403 ERR_PLAN_DISABLED while the plan lacks useCampaigns', async () => {
    const off = await campaignCompany(k, { useCampaigns: false });
    for (const path of ['/campaigns', '/contact-lists', '/campaign-settings', '/contact-lists/list']) {
      const res = await k.api('GET', path, { token: off.admin.token });
      expect([res.status, res.body]).toEqual([403, { error: 'ERR_PLAN_DISABLED', feature: 'useCampaigns' }]);
    }
  });
});
