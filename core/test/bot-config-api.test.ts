import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let n = 0;
async function queue(token: string, extra: Record<string, unknown> = {}) {
  n++;
  const res = await k.api('POST', '/queue', { token, body: { name: `Fila ${n}`, color: `#a${String(n).padStart(5, '0')}`, greetingMessage: `Fila ${n}`, ...extra } });
  if (res.status !== 201) throw new Error(`queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const tree = (agentId: number, otherQueueId: number) => [
  {
    name: 'Vendas online',
    greetingMessage: 'Escolha o produto',
    options: [
      { name: 'Planos', greetingMessage: 'Nossos planos: A, B' },
      { name: 'Falar com vendedor', queueType: 'attendent', optUserId: agentId },
    ],
  },
  { name: 'Suporte técnico', queueType: 'queue', optQueueId: otherQueueId, greetingMessage: 'Transferindo' },
];

describe('queue chatbot options', () => {
  it('creates, shows, edits and prunes the options tree with the queue', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await queue(admin.token);
    const q = await queue(admin.token, { chatbots: tree(agent.user.id, other.id) });
    expect(q.chatbots).toHaveLength(2);
    expect(q.chatbots[0]).toMatchObject({ name: 'Vendas online', queueType: 'text', parentId: null, queueId: q.id });
    expect(q.chatbots[0].options.map((o: { name: string }) => o.name)).toEqual(['Planos', 'Falar com vendedor']);
    expect(q.chatbots[0].options[1]).toMatchObject({ queueType: 'attendent', optUserId: agent.user.id, parentId: q.chatbots[0].id });
    expect(q.chatbots[1]).toMatchObject({ queueType: 'queue', optQueueId: other.id });

    const shown = await k.api('GET', `/queue/${q.id}`, { token: agent.token });
    expect(shown.body.chatbots).toEqual(q.chatbots);
    const listed = await k.api('GET', '/queue', { token: admin.token });
    expect(listed.body.find((x: { id: number }) => x.id === q.id).chatbots).toEqual(q.chatbots);

    // Keep the first option (renamed, first child dropped), drop the second, add a third.
    const [vendas] = q.chatbots;
    const res = await k.api('PUT', `/queue/${q.id}`, {
      token: admin.token,
      body: { chatbots: [{ id: vendas.id, name: 'Vendas', greetingMessage: 'Escolha', options: [{ id: vendas.options[1].id, name: 'Falar com vendedor', queueType: 'attendent', optUserId: agent.user.id }] }, { name: 'Horários' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.chatbots.map((o: { id: number; name: string }) => [o.id === vendas.id, o.name])).toEqual([[true, 'Vendas'], [false, 'Horários']]);
    expect(res.body.chatbots[0].options.map((o: { id: number }) => o.id)).toEqual([vendas.options[1].id]);
    expect(await k.db('chatbots').where({ id: vendas.options[0].id }).first()).toBeUndefined();
    expect(await k.db('chatbots').where({ id: q.chatbots[1].id }).first()).toBeUndefined();
  });

  it('refuses short names, a deeper level without a message, a type without its target and another company\'s targets', async () => {
    const { admin } = await k.createCompany();
    const stranger = await k.createCompany();
    const strangerQueue = await queue(stranger.admin.token);
    const bad = async (chatbots: unknown[]) => k.api('POST', '/queue', { token: admin.token, body: { name: `Q${++n}`, color: `#b${n}`, chatbots } });
    expect(await bad([{ name: 'abc' }])).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['chatbots', '0', 'name'], message: 'validation.tooShort' }] } });
    expect((await bad([{ name: 'Nível', options: [{ name: 'Filho' }] }])).body.issues).toEqual([{ path: ['chatbots', '0', 'greetingMessage'], message: 'validation.required' }]);
    expect((await bad([{ name: 'Setor', queueType: 'queue' }])).body.issues).toEqual([{ path: ['chatbots', '0', 'optQueueId'], message: 'validation.required' }]);
    expect(await bad([{ name: 'Setor', queueType: 'queue', optQueueId: strangerQueue.id }])).toMatchObject({ status: 400, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect((await k.db('queues').where({ companyId: admin.user.companyId })).length).toBe(0);
  });
});

describe('/chatbot', () => {
  it('creates options at a queue or under an option, reads a subtree, updates and deletes it with its children', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const q = await queue(admin.token);
    const socket = await k.socket(admin.token);
    const changed = nextEvent(socket, `company-${company.id}-queue`, (p: { action: string; queue?: { chatbots: unknown[] } }) => p.action === 'update' && (p.queue?.chatbots.length ?? 0) > 0);
    const root = await k.api('POST', '/chatbot', { token: admin.token, body: { queueId: q.id, name: 'Financeiro', greetingMessage: 'Escolha', options: [{ name: 'Boletos' }] } });
    expect(root.status).toBe(201);
    expect(root.body).toMatchObject({ queueId: q.id, parentId: null, name: 'Financeiro', options: [{ name: 'Boletos', options: [] }] });
    expect((await changed).queue!.chatbots).toHaveLength(1);

    const child = await k.api('POST', '/chatbot', { token: admin.token, body: { parentId: root.body.id, name: 'Segunda via', queueType: 'attendent', optUserId: agent.user.id } });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ queueId: q.id, parentId: root.body.id });
    const read = await k.api('GET', `/chatbot/${root.body.id}`, { token: agent.token });
    expect(read.body.options.map((o: { name: string }) => o.name)).toEqual(['Boletos', 'Segunda via']);

    // Removing the message of an option that has children is refused.
    expect((await k.api('PUT', `/chatbot/${root.body.id}`, { token: admin.token, body: { greetingMessage: ' ' } })).body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['greetingMessage'] }] });
    const put = await k.api('PUT', `/chatbot/${child.body.id}`, { token: admin.token, body: { queueType: 'text', closeTicket: true } });
    expect(put.body).toMatchObject({ queueType: 'text', optUserId: null, closeTicket: true });

    expect((await k.api('DELETE', `/chatbot/${root.body.id}`, { token: admin.token })).status).toBe(204);
    expect(await k.db('chatbots').where({ queueId: q.id })).toEqual([]);
    expect((await k.api('GET', `/chatbot/${root.body.id}`, { token: admin.token })).status).toBe(404);
  });

  it('is the company\'s own and the admins\'', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    const q = await queue(admin.token);
    const root = await k.api('POST', '/chatbot', { token: admin.token, body: { queueId: q.id, name: 'Comercial' } });
    expect((await k.api('GET', `/chatbot/${root.body.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await k.api('PUT', `/chatbot/${root.body.id}`, { token: other.admin.token, body: { name: 'Roubado' } })).status).toBe(404);
    expect((await k.api('POST', '/chatbot', { token: other.admin.token, body: { queueId: q.id, name: 'Invasor' } })).status).toBe(404);
    expect((await k.api('POST', '/chatbot', { token: agent.token, body: { queueId: q.id, name: 'Agente' } })).status).toBe(403);
    expect((await k.api('POST', '/chatbot', { token: admin.token, body: { name: 'Sem fila' } })).body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['queueId'] }] });
  });
});

describe('/files', () => {
  it('creates, lists with search and paging, uploads entries, edits, and deletes a file list live', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const socket = await k.socket(agent.token);
    const created = nextEvent(socket, `company-${company.id}-file`, (p: { action: string; files: { id: number } }) => p.action === 'create');
    const res = await k.api('POST', '/files', { token: admin.token, body: { name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Preços' }] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Catálogo', message: 'Segue o catálogo', userId: admin.user.id, options: [{ name: 'Preços', path: null }] });
    expect((await created).files.id).toBe(res.body.id);
    for (let i = 0; i < 21; i++) await k.api('POST', '/files', { token: admin.token, body: { name: `Lista ${String(i).padStart(2, '0')}`, message: 'm' } });

    const page1 = await k.api('GET', '/files?pageNumber=1', { token: agent.token });
    expect(page1.body).toMatchObject({ count: 22, hasMore: true });
    expect(page1.body.files).toHaveLength(20);
    expect((await k.api('GET', '/files?pageNumber=2', { token: agent.token })).body).toMatchObject({ hasMore: false, files: [{}, {}] });
    const found = await k.api('GET', '/files?searchParam=catál', { token: agent.token });
    expect(found.body.files.map((f: { id: number }) => f.id)).toEqual([res.body.id]);
    expect((await k.api('GET', '/files', { token: (await k.createCompany()).admin.token })).body).toMatchObject({ count: 0, files: [] });

    const updated = nextEvent(socket, `company-${company.id}-file`, (p: { action: string; files: { options: unknown[] } }) => p.action === 'update');
    const form = new FormData();
    form.append('fileId', String(res.body.id));
    form.append('typeArch', 'fileList');
    form.append('id', String(res.body.options[0].id));
    form.append('mediaType', 'application/pdf');
    form.append('name', 'Preços 2026');
    form.append('files', new Blob([Buffer.from('%PDF-1.4 tabela')], { type: 'application/pdf' }), 'precos.pdf');
    form.append('id', '');
    form.append('files', new Blob([Buffer.from('png-bytes')], { type: 'image/png' }), 'foto.png');
    const upload = await k.api('POST', `/files/uploadList/${res.body.id}`, { token: admin.token, body: form });
    expect(upload.status).toBe(200);
    expect(upload.body.options).toMatchObject([
      { id: res.body.options[0].id, name: 'Preços 2026', mediaType: 'application/pdf' },
      { name: 'foto.png', mediaType: 'image/png' },
    ]);
    expect(upload.body.options[0].path).toMatch(/^\/public\/company\d+\/fileList\/.+\.pdf$/);
    expect((await updated).files.options).toHaveLength(2);
    const fetched = await fetch(`${k.url}${upload.body.options[0].path}`);
    expect(await fetched.text()).toBe('%PDF-1.4 tabela');

    // Dropping an entry removes its stored file.
    const stored = (await k.db('filesOptions').where({ id: upload.body.options[0].id }).first()).path;
    const put = await k.api('PUT', `/files/${res.body.id}`, { token: admin.token, body: { name: 'Catálogo 2026', options: [{ id: upload.body.options[1].id, name: 'Foto' }] } });
    expect(put.body).toMatchObject({ name: 'Catálogo 2026', options: [{ name: 'Foto' }] });
    expect((await fetch(`${k.url}/public/${stored}`)).status).toBe(404);

    const deleted = nextEvent(socket, `company-${company.id}-file`, (p: { action: string }) => p.action === 'delete');
    expect((await k.api('DELETE', `/files/${res.body.id}`, { token: admin.token })).status).toBe(204);
    expect(await deleted).toEqual({ action: 'delete', fileId: res.body.id });
    expect((await k.api('GET', `/files/${res.body.id}`, { token: admin.token })).status).toBe(404);
  });

  it('validates the dialog and keeps lists to their company and admins', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const other = await k.createCompany();
    expect((await k.api('POST', '/files', { token: admin.token, body: { name: 'ab', message: 'x' } })).body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['name'], message: 'validation.tooShort' }] });
    expect((await k.api('POST', '/files', { token: admin.token, body: { name: 'Lista', message: '  ' } })).body.issues).toEqual([{ path: ['message'], message: 'validation.required' }]);
    expect((await k.api('POST', '/files', { token: agent.token, body: { name: 'Lista', message: 'x' } })).status).toBe(403);
    const list = await k.api('POST', '/files', { token: admin.token, body: { name: 'Lista', message: 'x' } });
    expect((await k.api('GET', `/files/${list.body.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await k.api('DELETE', `/files/${list.body.id}`, { token: other.admin.token })).status).toBe(404);
    const form = new FormData();
    form.append('files', new Blob([Buffer.from('x')], { type: 'text/plain' }), 'a.txt');
    expect((await k.api('POST', `/files/uploadList/${list.body.id}`, { token: other.admin.token, body: form })).status).toBe(404);
    expect((await k.api('POST', `/files/uploadList/${list.body.id}`, { token: admin.token, body: new FormData() })).status).toBe(400);

    // A queue may name the company's file list, not another company's.
    const q = await queue(admin.token, { fileListId: list.body.id });
    expect(q.fileListId).toBe(list.body.id);
    const theirs = await k.api('POST', '/files', { token: other.admin.token, body: { name: 'Deles', message: 'x' } });
    expect((await k.api('PUT', `/queue/${q.id}`, { token: admin.token, body: { fileListId: theirs.body.id } })).status).toBe(400);
    await k.api('DELETE', `/files/${list.body.id}`, { token: admin.token });
    expect((await k.api('GET', `/queue/${q.id}`, { token: admin.token })).body.fileListId).toBeNull();
  });
});

describe('routing settings and company hours', () => {
  it('validates the routing settings and stores the company schedules', async () => {
    const { company, admin } = await k.createCompany();
    const put = (key: string, value: string) => k.api('PUT', `/settings/${key}`, { token: admin.token, body: { value } });
    for (const value of ['disabled', 'queue', 'company', 'connection']) expect((await put('scheduleType', value)).status).toBe(200);
    expect((await put('scheduleType', 'always')).body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['value'], message: 'validation.option' }] });
    expect((await put('chatBotType', 'list')).status).toBe(400);
    expect((await put('chatBotType', 'text')).status).toBe(200);
    for (const key of ['userRandom', 'sendGreetingMessageOneQueues', 'sendFarewellWaitingTicket', 'sendMessageOutExpedientTicketOpen', 'sendQueuePosition', 'acceptAudioMessageContact', 'enableLGPD', 'lgpdConsent', 'lgpdDeleteMessage', 'sendMsgTransfTicket', 'userRating']) {
      expect((await put(key, 'enabled')).status, key).toBe(200);
      expect((await put(key, 'yes')).status, key).toBe(400);
    }
    expect((await put('lgpdMessage', 'Seus dados são tratados conforme a LGPD')).status).toBe(200);
    expect((await put('lgpdLink', 'https://example.com/privacidade')).status).toBe(200);

    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }];
    const res = await k.api('PUT', `/companies/${company.id}/schedules`, { token: admin.token, body: { schedules } });
    expect(res).toMatchObject({ status: 200, body: { id: company.id, schedules } });
    expect((await k.api('GET', `/companies/${company.id}/schedules`, { token: admin.token })).body.schedules).toEqual(schedules);
    const bad = await k.api('PUT', `/companies/${company.id}/schedules`, { token: admin.token, body: { schedules: [{ ...schedules[0], endTimeA: '07:00' }] } });
    expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION' });
    const other = await k.createCompany();
    expect((await k.api('PUT', `/companies/${company.id}/schedules`, { token: other.admin.token, body: { schedules } })).status).toBe(403);
  });
});
