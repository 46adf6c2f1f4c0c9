import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, storageFolder } from '@guiche/core/testing';
import type { Chat, ChatMessage } from '@guiche/contracts';
import plugin from '../src/plugin.js';
import { client, type Client } from './support.js';

type Kernel = Awaited<ReturnType<typeof createTestKernel>>;
type Page<T> = { records: T[]; hasMore: boolean };

let kernel: Kernel;
let companyId: number;
let owner: { id: number; api: Client };
let member: { id: number; api: Client };
let third: { id: number; api: Client };
let outsider: { id: number; api: Client };
let stranger: { id: number; api: Client };

beforeAll(async () => {
  kernel = await createTestKernel({ plugins: [plugin] });
  const a = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  companyId = a.company.id;
  owner = { id: a.admin.user.id, api: client(kernel.apiUrl, a.admin.token) };
  for (const slot of ['member', 'third', 'outsider'] as const) {
    const u = await kernel.createUser(a.company.id, { profile: 'user' });
    const entry = { id: u.user.id, api: client(kernel.apiUrl, u.token) };
    if (slot === 'member') member = entry;
    else if (slot === 'third') third = entry;
    else outsider = entry;
  }
  const b = await kernel.createCompany({ planFlags: { useInternalChat: true } });
  stranger = { id: b.admin.user.id, api: client(kernel.apiUrl, b.admin.token) };
});

afterAll(async () => {
  await kernel?.close();
});

async function newChat(title: string): Promise<Chat> {
  const res = await owner.api.post<Chat>('/chats', { title, users: [{ id: member.id }, { id: third.id }] });
  expect(res.status).toBe(201);
  return res.body;
}

const unreadsOf = (chat: Chat, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;

describe('POST /chats/:id/messages (JSON)', () => {
  it('stores the message with its sender and moves the chat forward', async () => {
    const chat = await newChat('Texto');
    const res = await member.api.post<ChatMessage>(`/chats/${chat.uuid}/messages`, { message: '  Bom dia  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      chatId: chat.id,
      senderId: member.id,
      sender: { id: member.id },
      message: 'Bom dia',
      mediaPath: null,
      mediaType: null,
    });
    expect(typeof res.body.sender.name).toBe('string');
    const after = (await owner.api.get<Chat>(`/chats/${chat.id}`)).body;
    expect(after.lastMessage).toBe('Bom dia');
    const stored = await kernel.db('chatMessages').where({ id: res.body.id }).first();
    expect(stored).toMatchObject({ chatId: chat.id, senderId: member.id, message: 'Bom dia' });
  });

  it('rejects blank, missing, too long and non-string messages without writing', async () => {
    const chat = await newChat('Validação');
    const cases: [unknown, string][] = [
      [{ message: '   ' }, 'validation.required'],
      [{ message: 'x'.repeat(10001) }, 'validation.tooLong'],
    ];
    for (const [body, message] of cases) {
      const res = await member.api.post(`/chats/${chat.id}/messages`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.issues[0]).toMatchObject({ path: ['message'], message });
    }
    for (const body of [{}, { message: 42 }, undefined]) {
      const res = await member.api.post(`/chats/${chat.id}/messages`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
    expect(await kernel.db('chatMessages').where({ chatId: chat.id })).toEqual([]);
    expect((await owner.api.get<Chat>(`/chats/${chat.id}`)).body.lastMessage).toBeNull();
  });

  it('answers 404 to a non-member and to another company, writing nothing', async () => {
    const chat = await newChat('Fechado');
    for (const api of [outsider.api, stranger.api]) {
      const res = await api.post(`/chats/${chat.id}/messages`, { message: 'intruso' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CHAT_FOUND');
      expect((await api.get(`/chats/${chat.id}/messages`)).status).toBe(404);
    }
    expect(await kernel.db('chatMessages').where({ chatId: chat.id })).toEqual([]);
  });
});

describe('unreads and POST /chats/:id/read', () => {
  it('counts unread messages for every member but the sender, and read zeroes only the caller', async () => {
    const chat = await newChat('Não lidas');
    await member.api.post(`/chats/${chat.id}/messages`, { message: 'um' });
    await member.api.post(`/chats/${chat.id}/messages`, { message: 'dois' });
    await owner.api.post(`/chats/${chat.id}/messages`, { message: 'três' });

    let now = (await third.api.get<Chat>(`/chats/${chat.id}`)).body;
    expect(unreadsOf(now, third.id)).toBe(3);
    expect(unreadsOf(now, owner.id)).toBe(2);
    expect(unreadsOf(now, member.id)).toBe(1);

    // a userId naming someone else is ignored: the reader is the caller
    const read = await third.api.post(`/chats/${chat.id}/read`, { userId: owner.id });
    expect(read.status).toBe(204);
    now = (await owner.api.get<Chat>(`/chats/${chat.id}`)).body;
    expect(unreadsOf(now, third.id)).toBe(0);
    expect(unreadsOf(now, owner.id)).toBe(2);
    expect(unreadsOf(now, member.id)).toBe(1);

    expect((await owner.api.post(`/chats/${chat.id}/read`)).status).toBe(204);
    now = (await owner.api.get<Chat>(`/chats/${chat.id}`)).body;
    expect(unreadsOf(now, owner.id)).toBe(0);
    expect(unreadsOf(now, member.id)).toBe(1);
  });

  it('answers 404 to a non-member reading and 400 to a malformed userId', async () => {
    const chat = await newChat('Leitura');
    expect((await outsider.api.post(`/chats/${chat.id}/read`, {})).status).toBe(404);
    expect((await stranger.api.post(`/chats/${chat.uuid}/read`, {})).status).toBe(404);
    const bad = await member.api.post(`/chats/${chat.id}/read`, { userId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });
});

describe('GET /chats/:id/messages paging', () => {
  it('gives the newest 20 oldest-first on page 1 and the remaining 5 on page 2', async () => {
    const chat = await newChat('Páginas');
    for (let i = 1; i <= 25; i++) {
      const res = await (i % 2 ? owner : member).api.post(`/chats/${chat.id}/messages`, { message: `m${i}` });
      expect(res.status).toBe(201);
    }
    const page1 = await third.api.get<Page<ChatMessage>>(`/chats/${chat.id}/messages?pageNumber=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(page1.body.records[0].sender.id).toBe(member.id); // m6 was sent by the member
    expect(page1.body.records[1].sender.id).toBe(owner.id);

    const page2 = await third.api.get<Page<ChatMessage>>(`/chats/${chat.uuid}/messages?pageNumber=2`);
    expect(page2.body.hasMore).toBe(false);
    expect(page2.body.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);

    const page3 = await third.api.get<Page<ChatMessage>>(`/chats/${chat.id}/messages?pageNumber=3`);
    expect(page3.body).toEqual({ records: [], hasMore: false });

    const defaultPage = await third.api.get<Page<ChatMessage>>(`/chats/${chat.id}/messages`);
    expect(defaultPage.body.records.map((m) => m.message)).toEqual(page1.body.records.map((m) => m.message));
  });

  it('has hasMore false when exactly one page exists', async () => {
    const chat = await newChat('Vinte');
    for (let i = 1; i <= 20; i++) await owner.api.post(`/chats/${chat.id}/messages`, { message: `n${i}` });
    const page1 = await member.api.get<Page<ChatMessage>>(`/chats/${chat.id}/messages`);
    expect(page1.body.records).toHaveLength(20);
    expect(page1.body.hasMore).toBe(false);
  });

  it('rejects a bad page number', async () => {
    const chat = await newChat('Página ruim');
    for (const q of ['0', 'x', '-2']) {
      const res = await owner.api.get(`/chats/${chat.id}/messages?pageNumber=${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('POST /chats/:id/messages (multipart media)', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

  it('stores the file, serves it at /public/<path> and names the message after the file', async () => {
    const chat = await newChat('Mídia');
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('typeArch', 'image');
    form.append('medias', new Blob([png], { type: 'image/png' }), 'foto.png');
    const res = await member.api.upload<ChatMessage>(`/chats/${chat.id}/messages`, form);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'foto.png', mediaName: 'foto.png', mediaType: 'image', senderId: member.id });
    expect(res.body.mediaPath).toMatch(/chats\//);

    const served = await fetch(`${kernel.url}/public/${res.body.mediaPath}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const after = (await owner.api.get<Chat>(`/chats/${chat.id}`)).body;
    expect(after.lastMessage).toBe('foto.png');
    expect(unreadsOf(after, owner.id)).toBe(1);
    expect(unreadsOf(after, member.id)).toBe(0);
  });

  it('uses the body as text when given (even when it comes after the file) and classifies the MIME type', async () => {
    const chat = await newChat('Tipos');
    const cases: [string, string, string][] = [
      ['audio/mpeg', 'audio.mp3', 'audio'],
      ['video/mp4', 'clip.mp4', 'video'],
      ['application/pdf', 'doc.pdf', 'other'],
    ];
    for (const [type, name, mediaType] of cases) {
      const form = new FormData();
      form.append('medias', new Blob([Buffer.from(`conteúdo ${name}`)], { type }), name);
      form.append('body', `veja ${name}`);
      const res = await owner.api.upload<ChatMessage>(`/chats/${chat.id}/messages`, form);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ message: `veja ${name}`, mediaName: name, mediaType });
      const served = await fetch(`${kernel.url}/public/${res.body.mediaPath}`);
      expect(await served.text()).toBe(`conteúdo ${name}`);
    }
  });

  it('accepts a multipart text message without a file, and rejects one with neither', async () => {
    const chat = await newChat('Só texto');
    const text = new FormData();
    text.append('body', 'texto via formulário');
    const ok = await member.api.upload<ChatMessage>(`/chats/${chat.id}/messages`, text);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ message: 'texto via formulário', mediaPath: null });

    const empty = new FormData();
    empty.append('fromMe', 'true');
    const bad = await member.api.upload(`/chats/${chat.id}/messages`, empty);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  function storedChatFiles(): string[] {
    const dir = path.join(storageFolder(kernel), `company${companyId}`, 'chats');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  it('stores nothing for a non-member upload or an invalid form', async () => {
    const chat = await newChat('Upload fechado');
    const before = storedChatFiles();

    const intruder = new FormData();
    intruder.append('medias', new Blob([png], { type: 'image/png' }), 'intruso.png');
    const res = await outsider.api.upload(`/chats/${chat.id}/messages`, intruder);
    expect(res.status).toBe(404);

    const tooLong = new FormData();
    tooLong.append('medias', new Blob([png], { type: 'image/png' }), 'longo.png');
    tooLong.append('body', 'x'.repeat(10001));
    const bad = await member.api.upload(`/chats/${chat.id}/messages`, tooLong);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: ['body'], message: 'validation.tooLong' });

    expect(await kernel.db('chatMessages').where({ chatId: chat.id })).toEqual([]);
    expect(storedChatFiles().sort()).toEqual(before.sort());
  });

  it('removes the media files of a deleted chat', async () => {
    const chat = await newChat('Apagar mídia');
    const form = new FormData();
    form.append('medias', new Blob([png], { type: 'image/png' }), 'some.png');
    const sent = await member.api.upload<ChatMessage>(`/chats/${chat.id}/messages`, form);
    expect((await fetch(`${kernel.url}/public/${sent.body.mediaPath}`)).status).toBe(200);

    expect((await owner.api.delete(`/chats/${chat.id}`)).status).toBe(204);
    expect((await fetch(`${kernel.url}/public/${sent.body.mediaPath}`)).status).toBe(404);
  });
});
