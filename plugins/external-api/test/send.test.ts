import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, apiCompany, send, sendForm, startKernel, type ApiCompany } from './support.js';

const world = new FakeWorld();
let k: TestKernel;
let shop: ApiCompany;

beforeAll(async () => {
  k = await startKernel(world);
  shop = await apiCompany(k, world);
});
afterAll(async () => {
  await k?.close();
});

let seq = 0;
/** A number the fake WhatsApp knows (it answers with its own digits). */
function knownNumber(): string {
  const number = `55119${String(Date.now() % 1e6).padStart(6, '0')}${++seq}`.slice(0, 13);
  world.numbers.set(number, number);
  return number;
}

const delivered = (messageId: number) => waitFor(() => world.outbound.all.find((d) => d.messageId === messageId));

describe('POST /api/messages/send (JSON)', () => {
  it('stores the text in the contact’s new ticket, queues it and answers 202 with what was queued', async () => {
    const number = knownNumber();
    const res = await send(k, shop.token, { number, body: 'Pedido 1234 enviado' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'queued', messageIds: [res.body.messageId] });
    const out = await delivered(res.body.messageId);
    expect(out).toMatchObject({ connectionId: shop.connectionId, toId: number, body: 'Pedido 1234 enviado' });
    const ticket = await k.db('tickets').where({ id: res.body.ticketId }).first();
    expect(ticket).toMatchObject({ companyId: shop.company.id, whatsappId: shop.connectionId, contactId: res.body.contactId, status: 'pending' });
    const contact = await k.db('contacts').where({ id: res.body.contactId }).first();
    expect(contact).toMatchObject({ companyId: shop.company.id, number, channel: 'whatsapp' });
    const message = await k.db('messages').where({ id: res.body.messageId }).first();
    expect(message).toMatchObject({ ticketId: ticket.id, fromMe: true, body: 'Pedido 1234 enviado' });
  });

  it('reuses the contact’s active ticket and assigns it to the user and queue given, with the signature when asked', async () => {
    const number = knownNumber();
    const first = await send(k, shop.token, { number, body: 'um' });
    expect(first.status).toBe(202);
    const queue = await k.api('POST', '/queue', { token: shop.admin.token, body: { name: 'Vendas', color: '#123456', greetingMessage: 'Olá' } });
    expect(queue.status).toBe(201);
    const agent = await k.createUser(shop.company.id, { name: 'Carla' });
    await k.api('PUT', '/settings/sendSignMessage', { token: shop.admin.token, body: { value: 'enabled' } });
    const second = await send(k, shop.token, { number, body: 'dois', userId: agent.user.id, queueId: queue.body.id, sendSignature: true });
    expect(second.status).toBe(202);
    expect(second.body.ticketId).toBe(first.body.ticketId);
    const ticket = await k.db('tickets').where({ id: second.body.ticketId }).first();
    expect(ticket).toMatchObject({ status: 'open', userId: agent.user.id, queueId: queue.body.id });
    expect((await delivered(second.body.messageId)).body).toBe('*Carla*:\ndois');
  });

  it('reopens the contact’s closed ticket on that connection', async () => {
    const number = knownNumber();
    const first = await send(k, shop.token, { number, body: 'antes' });
    await k.db('tickets').where({ id: first.body.ticketId }).update({ status: 'closed' });
    const edited = await k.api('PUT', `/whatsapp/${shop.connectionId}`, { token: shop.admin.token, body: { name: 'Loja', timeCreateNewTicket: 60 } });
    expect(edited.status).toBe(200);
    const again = await send(k, shop.token, { number, body: 'depois' });
    expect(again.status).toBe(202);
    expect(again.body.ticketId).toBe(first.body.ticketId);
    expect((await k.db('tickets').where({ id: first.body.ticketId }).first()).status).toBe('pending');
  });

  it('refuses a number WhatsApp does not know (ERR_WAPP_INVALID_CONTACT) and stores nothing', async () => {
    const before = (await k.db('contacts').where({ companyId: shop.company.id }).count({ n: '*' }))[0].n;
    const res = await send(k, shop.token, { number: '5511900000001', body: 'olá' });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect((await k.db('contacts').where({ companyId: shop.company.id }).count({ n: '*' }))[0].n).toBe(before);
  });

  it('validates the fields with the spec’s rules', async () => {
    const masked = await send(k, shop.token, { number: '+55 (11) 99999-8888', body: 'x' });
    expect(masked.status).toBe(400);
    expect(masked.body.issues).toEqual([{ path: ['number'], message: 'validation.apiNumber' }]);
    const noBody = await send(k, shop.token, { number: knownNumber(), body: '   ' });
    expect(noBody.body).toEqual({ error: 'ERR_VALIDATION', issues: [{ path: ['body'], message: 'validation.apiBodyRequired' }] });
    const noNumber = await send(k, shop.token, { body: 'x' });
    expect(noNumber.body.issues[0]).toMatchObject({ path: ['number'], message: 'validation.required' });
    const badJson = await fetch(`${k.apiUrl}/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' }, body: '{nope' });
    expect(badJson.status).toBe(400);
  });

  it('refuses a user or queue of another company', async () => {
    const other = await apiCompany(k, world);
    const foreignUser = await send(k, shop.token, { number: knownNumber(), body: 'x', userId: other.admin.user.id });
    expect(foreignUser).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    const queue = await k.api('POST', '/queue', { token: other.admin.token, body: { name: 'Outra', color: '#654321', greetingMessage: 'Oi' } });
    const foreignQueue = await send(k, shop.token, { number: knownNumber(), body: 'x', queueId: queue.body.id });
    expect(foreignQueue).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
  });
});

describe('tokens, plan and connection state', () => {
  it('answers 401 ERR_API_TOKEN_INVALID without a token, with a wrong one, with a user’s session token and after the connection is deleted', async () => {
    const number = knownNumber();
    expect(await send(k, null, { number, body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_API_TOKEN_INVALID' } });
    expect(await send(k, 'WRONGTOKEN0000000000000000000', { number, body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_API_TOKEN_INVALID' } });
    expect(await send(k, shop.admin.token, { number, body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_API_TOKEN_INVALID' } });
    const gone = await apiCompany(k, world);
    expect((await k.api('DELETE', `/whatsapp/${gone.connectionId}`, { token: gone.admin.token })).status).toBeLessThan(300);
    expect(await send(k, gone.token, { number, body: 'x' })).toMatchObject({ status: 401, body: { error: 'ERR_API_TOKEN_INVALID' } });
  });

  it('answers 403 ERR_PLAN_DISABLED while the company’s plan lacks useExternalApi, and works again once it is on', async () => {
    const company = await apiCompany(k, world);
    await k.setPlanFlags(company.company.id, { useExternalApi: false });
    const number = knownNumber();
    expect(await send(k, company.token, { number, body: 'x' })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED' } });
    expect(await k.db('contacts').where({ companyId: company.company.id, number }).first()).toBeUndefined();
    await k.setPlanFlags(company.company.id, { useExternalApi: true });
    expect((await send(k, company.token, { number, body: 'x' })).status).toBe(202);
  });

  it('answers 409 ERR_WAPP_NOT_INITIALIZED for a connection that is not connected', async () => {
    const company = await apiCompany(k, world);
    world.session(company.connectionId)!.drop();
    await waitFor(async () => (await k.db('whatsapps').where({ id: company.connectionId }).first('status')).status !== 'CONNECTED');
    const res = await send(k, company.token, { number: knownNumber(), body: 'x' });
    expect(res).toMatchObject({ status: 409, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
  });

  it('another company’s token reaches only that company’s contacts and tickets', async () => {
    const other = await apiCompany(k, world);
    const number = knownNumber();
    const mine = await send(k, shop.token, { number, body: 'meu' });
    const theirs = await send(k, other.token, { number, body: 'deles' });
    expect(theirs.status).toBe(202);
    expect(theirs.body.contactId).not.toBe(mine.body.contactId);
    expect(theirs.body.ticketId).not.toBe(mine.body.ticketId);
    const ticket = await k.db('tickets').where({ id: theirs.body.ticketId }).first();
    expect(ticket).toMatchObject({ companyId: other.company.id, whatsappId: other.connectionId });
    expect((await delivered(theirs.body.messageId)).connectionId).toBe(other.connectionId);
    const mineAfter = await k.db('messages').where({ ticketId: mine.body.ticketId }).count({ n: '*' });
    expect(Number(mineAfter[0].n)).toBe(1);
  });
});

describe('multipart with files', () => {
  it('sends every file of `medias` in order, the body as the first one’s caption', async () => {
    const number = knownNumber();
    const form = new FormData();
    form.set('number', number);
    form.set('body', 'Sua nota fiscal');
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 nota')], { type: 'application/pdf' }), 'nota.pdf');
    form.append('medias', new Blob([Buffer.alloc(2048, 7)], { type: 'image/png' }), 'produto.png');
    form.append('medias', new Blob([Buffer.from('a,b\n1,2')], { type: 'text/csv' }), 'itens.csv');
    const res = await sendForm(k, shop.token, form);
    expect(res.status).toBe(202);
    expect(res.body.messageIds).toHaveLength(3);
    const out = await Promise.all(res.body.messageIds.map((id: number) => delivered(id)));
    expect(out.map((d) => d.media?.fileName)).toEqual(['nota.pdf', 'produto.png', 'itens.csv']);
    expect(out.map((d) => d.body)).toEqual(['Sua nota fiscal', '', '']);
    expect(out[1].mediaBytes).toBe(2048);
    const rows = await k.db('messages').whereIn('id', res.body.messageIds).orderBy('id');
    expect(rows.map((r: any) => r.mediaType)).toEqual(['application', 'image', 'application']);
  });

  it('a media send without a file but without body is refused; a form without number stores no file', async () => {
    const form = new FormData();
    form.set('body', 'x');
    form.append('medias', new Blob([Buffer.from('abc')], { type: 'text/plain' }), 'a.txt');
    const res = await sendForm(k, shop.token, form);
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: ['number'] });
    const empty = new FormData();
    empty.set('number', knownNumber());
    expect((await sendForm(k, shop.token, empty)).body.issues[0]).toMatchObject({ path: ['body'], message: 'validation.apiBodyRequired' });
  });
});

describe('Idempotency-Key', () => {
  it('a retried request with the same key sends once and answers the first result', async () => {
    const number = knownNumber();
    const key = `order-${number}`;
    const first = await send(k, shop.token, { number, body: 'uma vez' }, { 'idempotency-key': key });
    const retry = await send(k, shop.token, { number, body: 'uma vez' }, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    expect(retry.status).toBe(202);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const rows = await k.db('messages').where({ ticketId: first.body.ticketId, body: 'uma vez' });
    expect(rows).toHaveLength(1);
    const reused = await send(k, shop.token, { number, body: 'outra coisa' }, { 'idempotency-key': key });
    expect(reused).toMatchObject({ status: 422, body: { error: 'ERR_IDEMPOTENCY_KEY_REUSED' } });
  });

  it('concurrent tries with one key store one message', async () => {
    const number = knownNumber();
    const tries = await Promise.all(Array.from({ length: 5 }, () => send(k, shop.token, { number, body: 'corrida' }, { 'idempotency-key': `race-${number}` })));
    const accepted = tries.filter((t) => t.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(tries.every((t) => t.status === 202 || (t.status === 409 && t.body.error === 'ERR_IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
    expect(new Set(accepted.map((t) => t.body.messageId)).size).toBe(1);
    const contact = await k.db('contacts').where({ companyId: shop.company.id, number }).first();
    expect(await k.db('messages').where({ contactId: contact.id, body: 'corrida' })).toHaveLength(1);
  });

  it('a refused request frees its key for the corrected retry', async () => {
    const number = knownNumber();
    const key = `fix-${number}`;
    const refused = await send(k, shop.token, { number, body: 'x', queueId: 999999 }, { 'idempotency-key': key });
    expect(refused.status).toBe(404);
    const fixed = await send(k, shop.token, { number, body: 'x' }, { 'idempotency-key': key });
    expect(fixed.status).toBe(202);
  });
});

describe('call log and documentation', () => {
  it('logs every call of a connection for its admins, not for other companies', async () => {
    const company = await apiCompany(k, world);
    const number = knownNumber();
    const ok = await send(k, company.token, { number, body: 'log' });
    await send(k, company.token, { number: '12', body: 'log' });
    const calls = await waitFor(async () => {
      const res = await k.api('GET', `/messages-api/calls?whatsappId=${company.connectionId}`, { token: company.admin.token });
      return res.body.calls?.length === 2 ? res.body.calls : null;
    });
    expect(calls[0]).toMatchObject({ whatsappId: company.connectionId, statusCode: 400, error: 'ERR_VALIDATION', number: '12' });
    expect(calls[1]).toMatchObject({ statusCode: 202, error: null, number, ticketId: ok.body.ticketId, messageIds: [ok.body.messageId] });
    const agent = await k.createUser(company.company.id);
    expect((await k.api('GET', '/messages-api/calls', { token: agent.token })).status).toBe(403);
    const other = await k.api('GET', '/messages-api/calls', { token: shop.admin.token });
    expect(other.body.calls.some((c: any) => c.whatsappId === company.connectionId)).toBe(false);
  });

  it('describes the endpoint in the OpenAPI document under Integrations, with examples, and serves that section alone', async () => {
    const full = await k.api('GET', '/docs/json');
    const op = full.body.paths['/api/messages/send'].post;
    expect(op.tags).toEqual(['Integrations']);
    expect(Object.keys(op.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(JSON.stringify(op.requestBody.content['application/json'])).toContain('5511999998888');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['202', '401', '403', '429']));
    const section = await k.api('GET', '/messages-api/openapi.json');
    expect(section.status).toBe(200);
    expect(Object.keys(section.body.paths)).toContain('/api/messages/send');
    expect(Object.values(section.body.paths).every((p: any) => Object.values(p).every((m: any) => m.tags.includes('Integrations')))).toBe(true);
  });
});
