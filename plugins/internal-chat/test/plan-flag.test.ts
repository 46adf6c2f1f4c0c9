import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestKernel } from '@guiche/core/testing';
import type { Chat } from '@guiche/contracts';
import plugin from '../src/plugin.js';
import { client, type Client } from './support.js';

type Kernel = Awaited<ReturnType<typeof createTestKernel>>;

let kernel: Kernel;
let companyId: number;
let owner: Client;
let memberId: number;

beforeAll(async () => {
  kernel = await createTestKernel({ plugins: [plugin] });
  const a = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  companyId = a.company.id;
  owner = client(kernel.apiUrl, a.admin.token);
  memberId = (await kernel.createUser(companyId, { profile: 'user' })).user.id;
});

afterAll(async () => {
  await kernel?.close();
});

function everyRoute(chat: Chat): [string, () => Promise<{ status: number; body: any }>][] {
  const users = [{ id: memberId }];
  return [
    ['GET /chats', () => owner.get('/chats')],
    ['GET /chats/:id', () => owner.get(`/chats/${chat.id}`)],
    ['POST /chats', () => owner.post('/chats', { title: 'Nova', users })],
    ['PUT /chats/:id', () => owner.put(`/chats/${chat.id}`, { title: 'Editada', users })],
    ['POST /chats/:id/read', () => owner.post(`/chats/${chat.id}/read`, {})],
    ['GET /chats/:id/messages', () => owner.get(`/chats/${chat.id}/messages`)],
    ['POST /chats/:id/messages', () => owner.post(`/chats/${chat.id}/messages`, { message: 'oi' })],
    ['DELETE /chats/:id', () => owner.delete(`/chats/${chat.id}`)],
  ];
}

it('answers 403 ERR_PLAN_DISABLED on every route while the flag is off, and works again once on', async () => {
  const chat = (await owner.post<Chat>('/chats', { title: 'Antes do corte', users: [{ id: memberId }] })).body;

  await kernel.setPlanFlags(companyId, { useInternalChat: false });
  for (const [name, request] of everyRoute(chat)) {
    const res = await request();
    expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 403, body: { error: 'ERR_PLAN_DISABLED', feature: 'useInternalChat' } });
  }
  expect(await kernel.db('chats').where({ companyId })).toHaveLength(1);
  expect(await kernel.db('chatMessages').where({ chatId: chat.id })).toEqual([]);

  await kernel.setPlanFlags(companyId, { useInternalChat: true });
  const expected = [200, 200, 201, 200, 204, 200, 201, 204];
  const statuses = [];
  for (const [, request] of everyRoute(chat)) statuses.push((await request()).status);
  expect(statuses).toEqual(expected);
});
