import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestKernel } from '@guiche/core/testing';
import type { Socket } from 'socket.io-client';
import type { Chat, ChatMessage } from '@guiche/contracts';
import plugin from '../src/plugin.js';
import { client, recorder, type Client, type Received } from './support.js';

type Kernel = Awaited<ReturnType<typeof createTestKernel>>;
interface Person {
  id: number;
  api: Client;
  socket: Socket;
  events: ReturnType<typeof recorder>;
}

let kernel: Kernel;
let companyA: number;
let companyB: number;
let owner: Person;
let member: Person;
let bystander: Person; // same company, not in the chat
let stranger: Person; // another company
let strangerColleague: number;

async function person(user: { id: number }, token: string): Promise<Person> {
  const socket = await kernel.socket(token);
  return { id: user.id, api: client(kernel.apiUrl, token), socket, events: recorder(socket) };
}

beforeAll(async () => {
  kernel = await createTestKernel({ plugins: [plugin] });
  const a = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  companyA = a.company.id;
  owner = await person(a.admin.user, a.admin.token);
  const m = await kernel.createUser(companyA, { profile: 'user' });
  member = await person(m.user, m.token);
  const o = await kernel.createUser(companyA, { profile: 'user' });
  bystander = await person(o.user, o.token);
  const b = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  companyB = b.company.id;
  stranger = await person(b.admin.user, b.admin.token);
  strangerColleague = (await kernel.createUser(companyB, { profile: 'user' })).user.id;
});

afterAll(async () => {
  for (const p of [owner, member, bystander, stranger]) p?.socket.close();
  await kernel?.close();
});

const about = (chatId: number) => (r: Received) =>
  r.event === `chat-${chatId}` || r.payload?.chat?.id === chatId || r.payload?.chatId === chatId;

/**
 * Proves a socket got nothing about a chat: a control event emitted afterwards to the same
 * socket arrives first (socket.io keeps order per connection), then a short settle.
 */
async function expectNothingAbout(p: Person, chatId: number, control: () => Promise<Chat>, controlEvent: string): Promise<void> {
  const controlChat = await control();
  await p.events.waitFor((r) => r.event === controlEvent && r.payload?.chat?.id === controlChat.id, 'control event');
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(p.events.received.filter(about(chatId))).toEqual([]);
}

it('delivers chat and message events to members only', async () => {
  const chatEvent = `company-${companyA}-chat`;

  const created = await owner.api.post<Chat>('/chats', { title: 'Dupla', users: [{ id: member.id }] });
  expect(created.status).toBe(201);
  const chat = created.body;
  for (const p of [owner, member]) {
    const ev = await p.events.waitFor((r) => r.event === chatEvent && r.payload.action === 'create' && r.payload.chat.id === chat.id, 'create');
    expect(ev.payload.chat).toMatchObject({ uuid: chat.uuid, title: 'Dupla', ownerId: owner.id });
    await p.events.waitFor((r) => r.event === `chat-user-${p.id}` && r.payload.action === 'create' && r.payload.chat.id === chat.id, 'chat-user create');
  }

  const sent = await member.api.post<ChatMessage>(`/chats/${chat.id}/messages`, { message: 'ao vivo' });
  expect(sent.status).toBe(201);
  for (const p of [owner, member]) {
    for (const name of [chatEvent, `chat-${chat.id}`]) {
      const ev = await p.events.waitFor((r) => r.event === name && r.payload.action === 'new-message', name);
      expect(ev.payload.newMessage).toMatchObject({ id: sent.body.id, message: 'ao vivo', sender: { id: member.id } });
      expect(ev.payload.chat).toMatchObject({ id: chat.id, lastMessage: 'ao vivo' });
      expect(ev.payload.chat.users.find((u: { userId: number }) => u.userId === owner.id).unreads).toBe(1);
    }
  }

  expect((await owner.api.post(`/chats/${chat.id}/read`, {})).status).toBe(204);
  const read = await owner.events.waitFor((r) => r.event === chatEvent && r.payload.action === 'update' && r.payload.chat.id === chat.id, 'read update');
  expect(read.payload.chat.users.find((u: { userId: number }) => u.userId === owner.id).unreads).toBe(0);

  const renamed = await owner.api.put<Chat>(`/chats/${chat.id}`, { title: 'Dupla renomeada', users: [{ id: member.id }] });
  expect(renamed.status).toBe(200);
  const update = await member.events.waitFor(
    (r) => r.event === chatEvent && r.payload.action === 'update' && r.payload.chat.title === 'Dupla renomeada',
    'update',
  );
  expect(update.payload.chat.id).toBe(chat.id);

  // The bystander of the same company and the user of another company got none of it.
  await expectNothingAbout(
    bystander,
    chat.id,
    async () => (await owner.api.post<Chat>('/chats', { title: 'Controle A', users: [{ id: bystander.id }] })).body,
    chatEvent,
  );
  await expectNothingAbout(
    stranger,
    chat.id,
    async () => (await stranger.api.post<Chat>('/chats', { title: 'Controle B', users: [{ id: strangerColleague }] })).body,
    `company-${companyB}-chat`,
  );
  expect(stranger.events.received.filter((r) => r.event.startsWith(`company-${companyA}-`))).toEqual([]);

  expect((await owner.api.delete(`/chats/${chat.id}`)).status).toBe(204);
  for (const p of [owner, member]) {
    await p.events.waitFor((r) => r.event === chatEvent && r.payload.action === 'delete' && r.payload.chatId === chat.id, 'delete');
  }
});

it('tells a member removed by an edit that the chat is gone for them', async () => {
  const chatEvent = `company-${companyA}-chat`;
  const chat = (await owner.api.post<Chat>('/chats', { title: 'Trio', users: [{ id: member.id }, { id: bystander.id }] })).body;
  await bystander.events.waitFor((r) => r.event === chatEvent && r.payload.action === 'create' && r.payload.chat?.id === chat.id, 'create');

  await owner.api.put(`/chats/${chat.id}`, { title: 'Trio', users: [{ id: member.id }] });
  await bystander.events.waitFor((r) => r.event === chatEvent && r.payload.action === 'delete' && r.payload.chatId === chat.id, 'removed');

  await owner.api.post(`/chats/${chat.id}/messages`, { message: 'depois da saída' });
  await member.events.waitFor((r) => r.event === `chat-${chat.id}` && r.payload.newMessage?.message === 'depois da saída', 'member message');
  const control = (await owner.api.post<Chat>('/chats', { title: 'Controle 2', users: [{ id: bystander.id }] })).body;
  await bystander.events.waitFor((r) => r.event === chatEvent && r.payload.chat?.id === control.id, 'control');
  expect(bystander.events.received.filter((r) => r.event === `chat-${chat.id}` || r.payload?.newMessage?.chatId === chat.id)).toEqual([]);
});

it('a message sent the moment a chat is created is stored, listed and announced to both members, every time', async () => {
  // The browser sends as soon as the new chat is on screen, while its first page of messages may
  // still be loading: every send, however early, must be in the next listing and in the events.
  const chatEvent = `company-${companyA}-chat`;
  for (let round = 1; round <= 20; round++) {
    const created = await owner.api.post<Chat>('/chats', { title: `Na hora ${round}`, users: [{ id: member.id }] });
    expect(created.status).toBe(201);
    const chat = created.body;
    // The first load and the send race, as they do on screen.
    const [firstLoad, sent] = await Promise.all([
      owner.api.get<{ records: ChatMessage[] }>(`/chats/${chat.id}/messages?pageNumber=1`),
      owner.api.post<ChatMessage>(`/chats/${chat.id}/messages`, { message: `primeira ${round}` }),
    ]);
    expect(firstLoad.status).toBe(200);
    expect(sent.status).toBe(201);
    // The first load may or may not hold it (it may have read before the insert); any load after the answer does.
    expect(firstLoad.body.records.every((m) => m.id === sent.body.id)).toBe(true);
    const after = await owner.api.get<{ records: ChatMessage[] }>(`/chats/${chat.id}/messages?pageNumber=1`);
    expect(after.body.records.map((m) => [m.id, m.message])).toEqual([[sent.body.id, `primeira ${round}`]]);
    for (const p of [owner, member]) {
      for (const name of [chatEvent, `chat-${chat.id}`]) {
        const ev = await p.events.waitFor((r) => r.event === name && r.payload.action === 'new-message' && r.payload.newMessage?.id === sent.body.id, `${name} round ${round}`);
        expect(ev.payload.newMessage).toMatchObject({ chatId: chat.id, message: `primeira ${round}`, senderId: owner.id });
      }
    }
  }
});
