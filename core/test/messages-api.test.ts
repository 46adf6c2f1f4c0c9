import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, storageFolder, waitFor, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let seq = 0;

interface Team extends TestCompany {
  agent: TestUser;
  outsider: TestUser;
  queueId: number;
  whatsappId: number;
}

/** A company with a connection, a queue, an agent in it and an agent outside it. */
async function team(): Promise<Team> {
  const c = await k.createCompany();
  const [queue] = await k.db('queues').insert({ companyId: c.company.id, name: `Fila ${++seq}`, color: `#0000${String(seq % 100).padStart(2, '0')}` }).returning('id');
  const [conn] = await k
    .db('whatsapps')
    .insert({ companyId: c.company.id, name: `Conexão ${seq}`, channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), status: 'CONNECTED', isDefault: true })
    .returning('id');
  const agent = await k.createUser(c.company.id, { name: `Agente ${seq}` });
  const outsider = await k.createUser(c.company.id);
  await k.db('userQueues').insert({ companyId: c.company.id, userId: agent.user.id, queueId: queue.id });
  return { ...c, agent, outsider, queueId: queue.id, whatsappId: conn.id };
}

async function contact(t: Team, opts: { name?: string; isGroup?: boolean } = {}) {
  const [row] = await k
    .db('contacts')
    .insert({ companyId: t.company.id, name: opts.name ?? `Cliente ${++seq}`, number: `55219${String(10000000 + ++seq)}`, channel: 'whatsapp', isGroup: opts.isGroup ?? false })
    .returning(['id', 'name', 'number']);
  return row as { id: number; name: string; number: string };
}

async function ticket(t: Team, opts: { status?: string; userId?: number | null; contactId?: number } = {}) {
  const contactId = opts.contactId ?? (await contact(t)).id;
  const [row] = await k
    .db('tickets')
    .insert({ companyId: t.company.id, contactId, whatsappId: t.whatsappId, queueId: t.queueId, status: opts.status ?? 'open', userId: opts.userId === undefined ? t.agent.user.id : opts.userId })
    .returning(['id', 'uuid', 'contactId']);
  return row as { id: number; uuid: string; contactId: number };
}

type Tk = Awaited<ReturnType<typeof ticket>>;

async function message(t: Team, tk: Tk, fields: Record<string, unknown> = {}) {
  const [row] = await k
    .db('messages')
    .insert({ companyId: t.company.id, ticketId: tk.id, contactId: tk.contactId, whatsappId: t.whatsappId, body: `msg ${++seq}`, fromMe: false, wid: `W${seq}${randomBytes(4).toString('hex')}`, ...fields })
    .returning('id');
  return Number(row.id);
}

const stored = (id: number) => k.db('messages').where({ id }).first();
const messagesOf = (ticketId: number) => k.db('messages').where({ ticketId }).orderBy('id');

describe('GET /messages/:ticketId', () => {
  it('pages by 20, newest page first, each page oldest first, with quoted message and contact', async () => {
    const t = await team();
    const tk = await ticket(t);
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push(await message(t, tk, { body: `m${i}` }));
    const reply = await message(t, tk, { body: 'resposta', fromMe: true, userId: t.agent.user.id, quotedMsgId: ids[44] });
    ids.push(reply);

    const first = await k.api('GET', `/messages/${tk.id}?pageNumber=1`, { token: t.agent.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 46, hasMore: true, ticket: { id: tk.id, uuid: tk.uuid, contact: { id: tk.contactId } } });
    expect(first.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(26));
    const last = first.body.messages.at(-1);
    expect(last).toMatchObject({ body: 'resposta', fromMe: true, quotedMsg: { id: ids[44], body: 'm44', fromMe: false, mediaType: 'chat', contact: { id: tk.contactId } } });
    expect(last.contact).toMatchObject({ id: tk.contactId });

    const third = await k.api('GET', `/messages/${tk.uuid}?pageNumber=3`, { token: t.agent.token });
    expect(third.body.hasMore).toBe(false);
    expect(third.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 6));
  });

  it('answers only users who may see the ticket; another company gets 404', async () => {
    const t = await team();
    const other = await k.createCompany();
    const unassigned = await ticket(t, { status: 'pending', userId: null });
    await message(t, unassigned);
    expect((await k.api('GET', `/messages/${unassigned.id}`, { token: t.agent.token })).status).toBe(200);
    expect((await k.api('GET', `/messages/${unassigned.id}`, { token: t.admin.token })).status).toBe(200);
    expect(await k.api('GET', `/messages/${unassigned.id}`, { token: t.outsider.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('GET', `/messages/${unassigned.id}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect((await k.api('GET', `/messages/${unassigned.id}?pageNumber=0`, { token: t.admin.token })).status).toBe(400);
  });

  it('masks contact numbers for plain users under lgpdHideNumber', async () => {
    const t = await team();
    const c = await contact(t);
    const tk = await ticket(t, { contactId: c.id });
    await message(t, tk);
    await k.api('PUT', '/settings/lgpdHideNumber', { token: t.admin.token, body: { value: 'enabled' } });
    const user = await k.api('GET', `/messages/${tk.id}`, { token: t.agent.token });
    const masked = '*'.repeat(c.number.length - 2) + c.number.slice(-2);
    expect(user.body.messages[0].contact.number).toBe(masked);
    expect(user.body.ticket.contact.number).toBe(masked);
    const admin = await k.api('GET', `/messages/${tk.id}`, { token: t.admin.token });
    expect(admin.body.messages[0].contact.number).toBe(c.number);
  });
});

describe('POST /messages/:ticketId (JSON)', () => {
  it("stores the agent's text signed, on the connection's outbound queue", async () => {
    const t = await team();
    const tk = await ticket(t);
    const res = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: '  Olá!  ', read: 1, fromMe: true } });
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(1);
    const row = await stored(res.body.messages[0].id);
    expect(row).toMatchObject({ ticketId: tk.id, fromMe: true, userId: t.agent.user.id, body: `*${t.agent.user.name}*:\nOlá!`, isPrivate: false, mediaType: 'chat' });
    expect(['pending', 'sent']).toContain(row.sendStatus);
  });

  it('leaves the signature out when the agent or the company switched it off', async () => {
    const t = await team();
    const tk = await ticket(t);
    const unsigned = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'sem assinatura', signMessage: false } });
    expect((await stored(unsigned.body.messages[0].id)).body).toBe('sem assinatura');
    await k.api('PUT', '/settings/sendSignMessage', { token: t.admin.token, body: { value: 'disabled' } });
    const off = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'texto' } });
    expect((await stored(off.body.messages[0].id)).body).toBe('texto');
  });

  it('stores a private note that is never sent', async () => {
    const t = await team();
    const tk = await ticket(t);
    const res = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'nota interna', isPrivate: true } });
    const row = await stored(res.body.messages[0].id);
    expect(row).toMatchObject({ isPrivate: true, body: 'nota interna', sendStatus: null, wid: null });
  });

  it('refuses blank text, and tickets that are not open or group', async () => {
    const t = await team();
    const tk = await ticket(t);
    const blank = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: '   ' } });
    expect(blank).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(blank.body.issues).toContainEqual(expect.objectContaining({ path: ['body'], message: 'validation.messageEmpty' }));
    for (const status of ['pending', 'closed']) {
      const closed = await ticket(t, { status, userId: status === 'pending' ? null : t.agent.user.id });
      expect(await k.api('POST', `/messages/${closed.id}`, { token: t.admin.token, body: { body: 'oi' } })).toMatchObject({ status: 400, body: { error: 'ERR_TICKET_NOT_OPEN' } });
      expect(await messagesOf(closed.id)).toEqual([]);
    }
    expect(await messagesOf(tk.id)).toEqual([]);
    const group = await ticket(t, { status: 'group', userId: null, contactId: (await contact(t, { isGroup: true })).id });
    expect((await k.api('POST', `/messages/${group.id}`, { token: t.agent.token, body: { body: 'oi grupo' } })).status).toBe(200);
  });

  it("quotes a message of the same contact, not another's", async () => {
    const t = await team();
    const tk = await ticket(t);
    const quoted = await message(t, tk);
    const elsewhere = await message(t, await ticket(t));
    const ok = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'respondendo', quotedMsg: { id: quoted } } });
    expect(ok.body.messages[0]).toMatchObject({ quotedMsgId: quoted, quotedMsg: { id: quoted } });
    expect(await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'x', quotedMsg: { id: elsewhere } } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  });

  it('sends a contact card as a .vcf file and a stored company file by its URL', async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const card = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: '', vCard: { name: 'Maria Souza', number: '5521999998888' } } });
    const cardRow = await stored(card.body.messages[0].id);
    expect(cardRow.mediaName).toBe('Maria Souza.vcf');
    expect((await k.kernel.core.storage.read(cardRow.mediaUrl)).toString('utf8')).toContain('TEL;type=CELL;waid=5521999998888:+5521999998888');

    const file = await k.kernel.core.storage.save(t.company.id, 'quickMessages', 'tabela.pdf', Buffer.from('pdf'));
    await k.db('quickMessages').insert({ companyId: t.company.id, userId: t.agent.user.id, shortcode: 'tabela', isMedia: true, mediaPath: file.path, mediaName: 'tabela.pdf' });
    const byUrl = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'segue', mediaUrl: k.kernel.core.storage.url(file.path) } });
    const urlRow = await stored(byUrl.body.messages[0].id);
    expect(urlRow).toMatchObject({ mediaType: 'application', mediaName: 'tabela.pdf' });
    expect(urlRow.mediaUrl).not.toBe(file.path);
    expect((await k.kernel.core.storage.read(urlRow.mediaUrl)).toString('utf8')).toBe('pdf');

    const theirs = await k.kernel.core.storage.save(other.company.id, 'quickMessages', 'secret.pdf', Buffer.from('secret'));
    for (const mediaUrl of [theirs.path, `company${t.company.id}/../company${other.company.id}/quickMessages/x.pdf`, 'http://example.com/a.png']) {
      const res = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'x', mediaUrl } });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(res.body.issues).toContainEqual(expect.objectContaining({ path: ['mediaUrl'], message: 'validation.mediaUrl' }));
    }
  });
});

describe('POST /messages/:ticketId (multipart)', () => {
  it('stores one message per file, the caption on the first', async () => {
    const t = await team();
    const tk = await ticket(t);
    const form = new FormData();
    form.append('body', 'as fotos');
    form.append('fromMe', 'true');
    form.append('medias', new Blob(['png-bytes'], { type: 'image/png' }), 'foto.png');
    form.append('medias', new Blob(['pdf-bytes'], { type: 'application/pdf' }), 'contrato.pdf');
    const res = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: form });
    expect(res.status).toBe(200);
    const rows = await messagesOf(tk.id);
    expect(rows.map((r) => [r.mediaType, r.mediaName, r.body])).toEqual([
      ['image', 'foto.png', `*${t.agent.user.name}*:\nas fotos`],
      ['application', 'contrato.pdf', ''],
    ]);
    expect((await k.kernel.core.storage.read(rows[0].mediaUrl)).toString('utf8')).toBe('png-bytes');
    expect((await k.kernel.core.storage.read(rows[1].mediaUrl)).toString('utf8')).toBe('pdf-bytes');
    for (const row of rows) expect(['pending', 'sent']).toContain(row.sendStatus);
  });

  it('a private multipart note with media is stored and never sent; mediaTitle names the file', async () => {
    const t = await team();
    const tk = await ticket(t);
    const form = new FormData();
    form.append('isPrivate', 'true');
    form.append('mediaTitle', 'Comprovante');
    form.append('medias', new Blob(['x'], { type: 'image/jpeg' }), 'IMG_001.jpg');
    await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: form });
    expect(await messagesOf(tk.id)).toMatchObject([{ isPrivate: true, sendStatus: null, mediaName: 'Comprovante', mediaType: 'image' }]);
  });

  it('refuses a form without file nor text and keeps no file', async () => {
    const t = await team();
    const tk = await ticket(t);
    const form = new FormData();
    form.append('body', ' ');
    form.append('other', new Blob(['x']), 'x.bin');
    const res = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: form });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const folder = path.join(storageFolder(k), `company${t.company.id}`);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).filter((f) => String(f).includes('.')) : []).toEqual([]);
  });
});

describe('editing, deleting and reacting', () => {
  it('edits own messages within 15 minutes, keeping the signature', async () => {
    const t = await team();
    const tk = await ticket(t);
    const sent = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'primeira versão' } });
    const id = sent.body.messages[0].id;
    const res = await k.api('POST', `/messages/edit/${id}`, { token: t.agent.token, body: { body: 'segunda versão' } });
    expect(res).toMatchObject({ status: 200, body: { id, isEdited: true, body: `*${t.agent.user.name}*:\nsegunda versão` } });

    const blank = await k.api('POST', `/messages/edit/${id}`, { token: t.agent.token, body: { body: ' ' } });
    expect(blank.body.issues).toContainEqual(expect.objectContaining({ path: ['body'], message: 'validation.required' }));

    await k.db('messages').where({ id }).update({ createdAt: k.db.raw("now() - interval '16 minutes'") });
    expect(await k.api('POST', `/messages/edit/${id}`, { token: t.agent.token, body: { body: 'tarde' } })).toMatchObject({ status: 400, body: { error: 'ERR_EDIT_WINDOW_EXPIRED' } });
    expect((await stored(id)).body).toBe(`*${t.agent.user.name}*:\nsegunda versão`);
  });

  it("refuses editing another agent's or the contact's message, and another company's", async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const adminsMessage = await message(t, tk, { fromMe: true, userId: t.admin.user.id, sendStatus: 'sent' });
    const inbound = await message(t, tk);
    expect(await k.api('POST', `/messages/edit/${adminsMessage}`, { token: t.agent.token, body: { body: 'x' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('POST', `/messages/edit/${inbound}`, { token: t.agent.token, body: { body: 'x' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await k.api('POST', `/messages/edit/${inbound}`, { token: other.admin.token, body: { body: 'x' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    expect(await k.api('POST', `/messages/edit/${inbound}`, { token: t.outsider.token, body: { body: 'x' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    expect((await stored(inbound)).isEdited).toBe(false);
  });

  it('deletes a sent message of a visible ticket, never the contact\'s nor another company\'s', async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const ours = await message(t, tk, { fromMe: true, userId: t.admin.user.id, sendStatus: 'sent' });
    const inbound = await message(t, tk);
    expect(await k.api('DELETE', `/messages/${ours}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    expect(await k.api('DELETE', `/messages/${ours}`, { token: t.outsider.token })).toMatchObject({ status: 404 });
    expect(await k.api('DELETE', `/messages/${inbound}`, { token: t.agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await stored(ours)).isDeleted).toBe(false);
    expect(await k.api('DELETE', `/messages/${ours}`, { token: t.agent.token })).toMatchObject({ status: 200, body: { id: ours, isDeleted: true } });
    expect((await stored(inbound)).isDeleted).toBe(false);
  });

  it('reacts through both paths with an emoji', async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const target = await message(t, tk);
    expect((await k.api('POST', '/react/messages', { token: t.agent.token, body: { id: target, text: '👍', fromMe: true, ticketId: tk.id } })).status).toBe(200);
    expect((await k.api('POST', '/messages/react', { token: t.agent.token, body: { id: target, text: '❤️' } })).status).toBe(200);
    const reactions = await k.db('messages').where({ ticketId: tk.id, mediaType: 'reactionMessage' }).orderBy('id');
    expect(reactions.map((r) => r.body)).toEqual(['👍', '❤️']);
    expect(await k.api('POST', '/react/messages', { token: other.admin.token, body: { id: target, text: '👍' } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    const tooLong = await k.api('POST', '/react/messages', { token: t.agent.token, body: { id: target, text: 'x'.repeat(17) } });
    expect(tooLong.body.issues).toContainEqual(expect.objectContaining({ path: ['text'], message: 'validation.emoji' }));
    expect((await k.api('POST', '/react/messages', { token: t.agent.token, body: { text: '👍' } })).status).toBe(400);
  });
});

describe('POST /message/forward', () => {
  it("forwards in order, 900 ms apart, to a new ticket of the contact on the same connection", async () => {
    const t = await team();
    const tk = await ticket(t);
    const first = await message(t, tk, { body: 'primeira' });
    const file = await k.kernel.core.storage.save(t.company.id, 'messages', 'foto.png', Buffer.from('img'));
    const second = await message(t, tk, { body: '', mediaType: 'image', mediaUrl: file.path, mediaName: 'foto.png' });
    const to = await contact(t);
    const res = await k.api('POST', '/message/forward', { token: t.agent.token, body: { messageId: [first, second], contactId: to.id, signMessage: false } });
    expect(res).toMatchObject({ status: 200, body: { count: 2 } });
    const target = await k.db('tickets').where({ id: res.body.ticketId }).first();
    expect(target).toMatchObject({ contactId: to.id, whatsappId: t.whatsappId, status: 'open', userId: t.agent.user.id });

    const rows = await waitFor(async () => {
      const found = await messagesOf(target.id);
      return found.length === 2 ? found : null;
    });
    expect(rows.map((r) => [r.body, r.mediaType, r.isForwarded, r.fromMe])).toEqual([
      ['primeira', 'chat', true, true],
      ['', 'image', true, true],
    ]);
    expect(new Date(rows[1].createdAt).getTime() - new Date(rows[0].createdAt).getTime()).toBeGreaterThanOrEqual(900);
    expect((await k.kernel.core.storage.read(rows[1].mediaUrl)).toString('utf8')).toBe('img');
  });

  it("uses the contact's active ticket and signs when asked", async () => {
    const t = await team();
    const tk = await ticket(t);
    const source = await message(t, tk, { body: 'encaminhe' });
    const active = await ticket(t);
    const res = await k.api('POST', '/message/forward', { token: t.agent.token, body: { messageId: source, contactId: active.contactId, signMessage: true } });
    expect(res.body.ticketId).toBe(active.id);
    const [row] = await waitFor(async () => {
      const found = await messagesOf(active.id);
      return found.length ? found : null;
    });
    expect(row).toMatchObject({ body: `*${t.agent.user.name}*:\nencaminhe`, isForwarded: true });
  });

  it("refuses another company's message or contact, and an empty selection", async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const source = await message(t, tk);
    const to = await contact(t);
    const [theirContact] = await k.db('contacts').insert({ companyId: other.company.id, name: 'Alheio', number: '5521988887777' }).returning('id');
    expect(await k.api('POST', '/message/forward', { token: other.admin.token, body: { messageId: source, contactId: theirContact.id } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
    expect(await k.api('POST', '/message/forward', { token: t.agent.token, body: { messageId: source, contactId: theirContact.id } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    const empty = await k.api('POST', '/message/forward', { token: t.agent.token, body: { messageId: [], contactId: to.id } });
    expect(empty.body.issues).toContainEqual(expect.objectContaining({ message: 'validation.forwardNothing' }));
    expect(await k.db('tickets').where({ contactId: to.id }).first()).toBeUndefined();
  });
});

describe('media tabs', () => {
  it('GET /messages/getmedia splits media, documents, links and calls; listimages gives the images', async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const image = await message(t, tk, { mediaType: 'image', mediaUrl: 'company/x.png' });
    const video = await message(t, tk, { mediaType: 'video', mediaUrl: 'company/x.mp4' });
    const audio = await message(t, tk, { mediaType: 'audio', mediaUrl: 'company/x.ogg' });
    await message(t, tk, { mediaType: 'image', mediaUrl: 'company/gone.png', isDeleted: true });
    const doc = await message(t, tk, { mediaType: 'application', mediaUrl: 'company/x.pdf' });
    const link = await message(t, tk, { body: 'veja https://exemplo.com.br/a?b=1, e http://x.org/c).' });
    await message(t, tk, { body: 'sem link aqui' });
    const call = await message(t, tk, { mediaType: 'call_log', body: 'Chamada perdida' });

    const tab = async (type: string) => (await k.api('GET', `/messages/getmedia/${tk.id}?type=${type}`, { token: t.agent.token })).body;
    expect((await tab('media')).records.map((r: { id: number }) => r.id)).toEqual([audio, video, image]);
    expect((await tab('documents')).records.map((r: { id: number }) => r.id)).toEqual([doc]);
    expect((await tab('links')).records).toMatchObject([{ id: link, links: ['https://exemplo.com.br/a?b=1', 'http://x.org/c'] }]);
    expect((await tab('calls')).records.map((r: { id: number }) => r.id)).toEqual([call]);
    const bad = await k.api('GET', `/messages/getmedia/${tk.id}?type=stickers`, { token: t.agent.token });
    expect(bad.body.issues).toContainEqual(expect.objectContaining({ message: 'validation.mediaTab' }));

    const images = await k.api('GET', `/messages/listimages/${tk.id}`, { token: t.agent.token });
    expect(images.body).toMatchObject({ hasMore: false, images: [{ id: image, mediaUrl: '/public/company/x.png' }] });
    expect(images.body.images).toHaveLength(1);
    expect(await k.api('GET', `/messages/listimages/${tk.id}`, { token: other.admin.token })).toMatchObject({ status: 404 });
    expect(await k.api('GET', `/messages/getmedia/${tk.id}`, { token: t.outsider.token })).toMatchObject({ status: 404 });
  });

  it('pages the media tab by 50', async () => {
    const t = await team();
    const tk = await ticket(t);
    for (let i = 0; i < 51; i++) await message(t, tk, { mediaType: 'image', mediaUrl: `company/${i}.png` });
    const first = await k.api('GET', `/messages/getmedia/${tk.id}?type=media`, { token: t.admin.token });
    expect(first.body.records).toHaveLength(50);
    expect(first.body.hasMore).toBe(true);
    const second = await k.api('GET', `/messages/getmedia/${tk.id}?type=media&pageNumber=2`, { token: t.admin.token });
    expect(second.body).toMatchObject({ hasMore: false, records: [{ mediaUrl: '/public/company/0.png' }] });
  });
});

describe('opening a conversation', () => {
  it('resets the unread counter when its newest page is read, and tells the viewers', async () => {
    const t = await team();
    const tk = await ticket(t);
    await message(t, tk);
    await k.db('tickets').where({ id: tk.id }).update({ unreadMessages: 3 });
    const socket = await k.socket(t.agent.token);
    const event = new Promise<{ action: string; ticketId?: number; ticket?: { id: number; unreadMessages: number } }>((resolve) =>
      socket.on(`company-${t.company.id}-ticket`, (p) => p.action === 'updateUnread' && resolve(p)),
    );
    const older = await k.api('GET', `/messages/${tk.id}?pageNumber=2`, { token: t.agent.token });
    expect(older.status).toBe(200);
    expect((await k.db('tickets').where({ id: tk.id }).first('unreadMessages')).unreadMessages).toBe(3);
    expect((await k.api('GET', `/messages/${tk.id}`, { token: t.agent.token })).status).toBe(200);
    expect((await k.db('tickets').where({ id: tk.id }).first('unreadMessages')).unreadMessages).toBe(0);
    expect((await event).action).toBe('updateUnread');
  });
});

describe('message variables', () => {
  it('renders {{variables}} of a sent text (as quick replies carry them), not of a private note', async () => {
    const t = await team();
    const c = await contact(t, { name: 'Joana Prado' });
    const tk = await ticket(t, { contactId: c.id });
    const sent = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'Olá {{firstName}}, protocolo {{ticket_id}} na fila {{queue}}. {{unknown}}', signMessage: false } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const stored = await k.db('messages').where({ id: sent.body.messages[0].id }).first('body');
    expect(stored.body).toMatch(new RegExp(`^Olá Joana, protocolo ${tk.id} na fila Fila \\d+\\. \\{\\{unknown\\}\\}$`));
    const note = await k.api('POST', `/messages/${tk.id}`, { token: t.agent.token, body: { body: 'Nota {{firstName}}', isPrivate: true } });
    const noteRow = await k.db('messages').where({ id: note.body.messages[0].id }).first('body');
    expect(noteRow.body).toBe('Nota {{firstName}}');
  });
});
