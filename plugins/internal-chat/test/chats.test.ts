import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel } from '@guiche/core/testing';
import type { Chat } from '@guiche/contracts';
import plugin from '../src/plugin.js';
import { client, type Client } from './support.js';

type Kernel = Awaited<ReturnType<typeof createTestKernel>>;

let kernel: Kernel;
let companyId: number;
let owner: { id: number; api: Client };
let member: { id: number; api: Client };
let outsider: { id: number; api: Client };
let stranger: { id: number; api: Client }; // another company
let strangerAdmin: { id: number; api: Client };

beforeAll(async () => {
  kernel = await createTestKernel({ plugins: [plugin] });
  const a = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  companyId = a.company.id;
  owner = { id: a.admin.user.id, api: client(kernel.apiUrl, a.admin.token) };
  const m = await kernel.createUser(companyId, { profile: 'user' });
  member = { id: m.user.id, api: client(kernel.apiUrl, m.token) };
  const o = await kernel.createUser(companyId, { profile: 'user' });
  outsider = { id: o.user.id, api: client(kernel.apiUrl, o.token) };
  const b = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  strangerAdmin = { id: b.admin.user.id, api: client(kernel.apiUrl, b.admin.token) };
  const s = await kernel.createUser(b.company.id, { profile: 'user' });
  stranger = { id: s.user.id, api: client(kernel.apiUrl, s.token) };
});

afterAll(async () => {
  await kernel?.close();
});

async function createChat(title: string, userIds: number[], api = owner.api): Promise<Chat> {
  const res = await api.post<Chat>('/chats', { title, users: userIds.map((id) => ({ id })) });
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /chats', () => {
  it('creates a chat owned by the caller with the caller and the listed users as members', async () => {
    const chat = await createChat('  Suporte  ', [member.id]);
    expect(chat).toMatchObject({ title: 'Suporte', ownerId: owner.id, lastMessage: null });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u) => u.userId).sort()).toEqual([owner.id, member.id].sort());
    for (const u of chat.users) {
      expect(u.unreads).toBe(0);
      expect(u.user.id).toBe(u.userId);
      expect(typeof u.user.name).toBe('string');
    }
    const row = await kernel.db('chats').where({ id: chat.id }).first();
    expect(row.companyId).toBe(companyId);
  });

  it('rejects a missing or blank title with the chat title message', async () => {
    for (const body of [{ users: [{ id: member.id }] }, { title: '   ', users: [{ id: member.id }] }]) {
      const res = await owner.api.post('/chats', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['title'], message: 'validation.chatTitle' })]));
    }
  });

  it('rejects a title longer than 120 characters', async () => {
    const res = await owner.api.post('/chats', { title: 'x'.repeat(121), users: [{ id: member.id }] });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: ['title'], message: 'validation.tooLong' });
  });

  it('rejects an empty user list with the chat users message', async () => {
    const res = await owner.api.post('/chats', { title: 'Sem ninguém', users: [] });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: ['users'], message: 'validation.chatUsers' });
  });

  it('rejects malformed user ids', async () => {
    for (const users of [[{ id: 'x' }], [{ id: -1 }], [{}], 'all']) {
      const res = await owner.api.post('/chats', { title: 'Mal', users });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });

  it('never adds a user of another company or an unknown user, and creates nothing', async () => {
    const before = await kernel.db('chats').count({ n: '*' }).first();
    for (const id of [stranger.id, 99999999]) {
      const res = await owner.api.post('/chats', { title: 'Invasão', users: [{ id: member.id }, { id }] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_NO_USER_FOUND');
    }
    const after = await kernel.db('chats').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(await kernel.db('chatUsers').where({ userId: stranger.id })).toEqual([]);
  });

  it('rejects a body that is not JSON object', async () => {
    const res = await owner.api.post('/chats', 'just text');
    expect(res.status).toBe(400);
  });
});

describe('GET /chats/:id', () => {
  it('finds a chat by numeric id and by uuid for a member', async () => {
    const chat = await createChat('Por id', [member.id]);
    for (const ref of [String(chat.id), chat.uuid, chat.uuid.toUpperCase()]) {
      const res = await member.api.get<Chat>(`/chats/${ref}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: chat.id, uuid: chat.uuid, title: 'Por id' });
    }
  });

  it('answers 404 ERR_NO_CHAT_FOUND to a non-member and to another company', async () => {
    const chat = await createChat('Privado', [member.id]);
    for (const api of [outsider.api, stranger.api, strangerAdmin.api]) {
      for (const ref of [String(chat.id), chat.uuid]) {
        const res = await api.get(`/chats/${ref}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'ERR_NO_CHAT_FOUND' });
      }
    }
  });

  it('answers 404 for ids that do not exist and 400 for malformed ones', async () => {
    expect((await owner.api.get('/chats/2147483647')).status).toBe(404);
    expect((await owner.api.get('/chats/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Beyond PostgreSQL's integer range is malformed too (issue 17).
    for (const ref of ['abc', '0', '-3', '1.5', "1'%20or%201=1", '99999999999', '2147483648']) {
      const res = await owner.api.get(`/chats/${ref}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('GET /chats', () => {
  it('lists only the chats the caller belongs to, newest update first, 20 per page', async () => {
    const fresh = await kernel.createUser(companyId, { profile: 'user' });
    const api = client(kernel.apiUrl, fresh.token);
    const created: Chat[] = [];
    for (let i = 1; i <= 22; i++) created.push(await createChat(`Lista ${i}`, [fresh.user.id]));
    await createChat('Sem o novo usuário', [member.id]);

    const page1 = await api.get<{ records: Chat[]; hasMore: boolean }>('/chats?pageNumber=1');
    expect(page1.status).toBe(200);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.records.map((c) => c.title)).toEqual(created.slice(2).reverse().map((c) => c.title));
    const page2 = await api.get<{ records: Chat[]; hasMore: boolean }>('/chats?pageNumber=2');
    expect(page2.body.hasMore).toBe(false);
    expect(page2.body.records.map((c) => c.title)).toEqual(['Lista 2', 'Lista 1']);
    expect(page1.body.records[0].users.map((u) => u.userId).sort()).toEqual([owner.id, fresh.user.id].sort());

    // a message moves a chat to the top
    const oldest = created[0];
    expect((await api.post(`/chats/${oldest.id}/messages`, { message: 'sobe' })).status).toBe(201);
    const again = await api.get<{ records: Chat[] }>('/chats');
    expect(again.body.records[0]).toMatchObject({ id: oldest.id, lastMessage: 'sobe' });
  });

  it('filters by title with searchParam, treating wildcards literally', async () => {
    await createChat('Financeiro 100%', [member.id]);
    await createChat('Financeiro 1000', [member.id]);
    const res = await member.api.get<{ records: Chat[] }>(`/chats?searchParam=${encodeURIComponent('financeiro 100%')}`);
    expect(res.body.records.map((c) => c.title)).toEqual(['Financeiro 100%']);
    const both = await member.api.get<{ records: Chat[] }>('/chats?searchParam=FINANCEIRO');
    expect(both.body.records.map((c) => c.title).sort()).toEqual(['Financeiro 100%', 'Financeiro 1000']);
  });

  it('shows another company nothing of this one', async () => {
    const res = await stranger.api.get<{ records: Chat[]; hasMore: boolean }>('/chats');
    expect(res.body).toEqual({ records: [], hasMore: false });
    const admin = await strangerAdmin.api.get<{ records: Chat[] }>('/chats');
    expect(admin.body.records).toEqual([]);
  });

  it('rejects a bad page number', async () => {
    for (const q of ['pageNumber=0', 'pageNumber=abc', 'pageNumber=-1', `searchParam=${'x'.repeat(201)}`]) {
      const res = await owner.api.get(`/chats?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('PUT /chats/:id', () => {
  it('lets the owner change title and members; the owner stays a member', async () => {
    const chat = await createChat('Antes', [member.id]);
    const res = await owner.api.put<Chat>(`/chats/${chat.uuid}`, { title: 'Depois', users: [{ id: outsider.id }] });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Depois');
    expect(res.body.users.map((u) => u.userId).sort()).toEqual([owner.id, outsider.id].sort());
    expect((await member.api.get(`/chats/${chat.id}`)).status).toBe(404);
    expect((await outsider.api.get(`/chats/${chat.id}`)).status).toBe(200);
  });

  it('answers 403 ERR_NO_PERMISSION to a member who is not the owner, and changes nothing', async () => {
    const chat = await createChat('Do dono', [member.id]);
    const res = await member.api.put(`/chats/${chat.id}`, { title: 'Tomado', users: [{ id: member.id }] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await owner.api.get<Chat>(`/chats/${chat.id}`)).body.title).toBe('Do dono');
  });

  it('answers 404 to a non-member and to another company', async () => {
    const chat = await createChat('Fechado', [member.id]);
    for (const api of [outsider.api, strangerAdmin.api]) {
      const res = await api.put(`/chats/${chat.id}`, { title: 'x', users: [{ id: member.id }] });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CHAT_FOUND');
    }
  });

  it('validates the body like POST and refuses users of another company', async () => {
    const chat = await createChat('Validar', [member.id]);
    const blank = await owner.api.put(`/chats/${chat.id}`, { title: '', users: [{ id: member.id }] });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].message).toBe('validation.chatTitle');
    const foreign = await owner.api.put(`/chats/${chat.id}`, { title: 'x', users: [{ id: stranger.id }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('ERR_NO_USER_FOUND');
    const after = (await owner.api.get<Chat>(`/chats/${chat.id}`)).body;
    expect(after.title).toBe('Validar');
    expect(after.users.map((u) => u.userId).sort()).toEqual([owner.id, member.id].sort());
  });
});

describe('DELETE /chats/:id', () => {
  it('lets only the owner delete; members get 403, others 404', async () => {
    const chat = await createChat('Apagar', [member.id]);
    await owner.api.post(`/chats/${chat.id}/messages`, { message: 'oi' });
    expect((await member.api.delete(`/chats/${chat.id}`)).status).toBe(403);
    expect((await outsider.api.delete(`/chats/${chat.id}`)).status).toBe(404);
    expect((await stranger.api.delete(`/chats/${chat.id}`)).status).toBe(404);

    const res = await owner.api.delete(`/chats/${chat.uuid}`);
    expect(res.status).toBe(204);
    expect((await owner.api.get(`/chats/${chat.id}`)).status).toBe(404);
    expect(await kernel.db('chatMessages').where({ chatId: chat.id })).toEqual([]);
    expect(await kernel.db('chatUsers').where({ chatId: chat.id })).toEqual([]);
  });
});
