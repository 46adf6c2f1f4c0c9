import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FIRST_PARTY_PLUGINS } from '../src/config.js';

/**
 * The cases issue 17 reported as 500s, each answered now with a 4xx and a code. The generic
 * proof over every operation is fuzz-operations.test.ts; these pin the reported inputs.
 */

let k: TestKernel;
let a: TestCompany;
let ticketId: number;
let webchatToken: string;
beforeAll(async () => {
  k = await createTestKernel({ plugins: FIRST_PARTY_PLUGINS });
  a = await k.createCompany();
  const [contact] = await k.db('contacts').insert({ companyId: a.company.id, name: 'Cliente', number: '5521999990001', channel: 'whatsapp' }).returning('id');
  const [conn] = await k
    .db('whatsapps')
    .insert({ companyId: a.company.id, name: 'Conexão', channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), status: 'CONNECTED', isDefault: true })
    .returning('id');
  const [ticket] = await k.db('tickets').insert({ companyId: a.company.id, contactId: contact.id, whatsappId: conn.id, status: 'open', userId: a.admin.user.id }).returning('id');
  ticketId = ticket.id;
  const webchat = await k.api('POST', '/whatsapp', { token: a.admin.token, body: { name: 'Site', channel: 'webchat' } });
  expect(webchat.status).toBeLessThan(300);
  webchatToken = (await k.api('GET', `/webchat/sites/${webchat.body.id}`, { token: a.admin.token })).body.token;
}, 60_000);
afterAll(async () => k?.close());

const BIG = 2147483648;

async function raw(method: string, path: string, body: string, contentType: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${k.apiUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed };
}

function expectClientError(res: { status: number; body: any }, code = 'ERR_VALIDATION') {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.body?.error).toBe(code);
}

describe('integers beyond PostgreSQL integer', () => {
  it('in path ids, body ids, arrays of ids and JSON-encoded query lists', async () => {
    const t = a.admin.token;
    expectClientError(await k.api('PUT', `/users/${BIG}`, { token: t, body: { name: 'Nome Novo' } }));
    expectClientError(await k.api('POST', '/tickets', { token: t, body: { contactId: BIG } }));
    expectClientError(await k.api('POST', '/users', { token: t, body: { name: 'Pessoa', email: `p${Date.now()}@x.test`, password: 'segredo1', queueIds: [BIG] } }));
    expectClientError(await k.api('POST', '/tickets/closeAll', { token: t, body: { status: 'open', queueIds: [BIG] } }));
    expectClientError(await k.api('GET', `/quick-messages/list?categoryId=${BIG}`, { token: t }));
    expectClientError(await k.api('GET', `/contacts/export?contactTag=${encodeURIComponent(JSON.stringify([BIG]))}`, { token: t }));
    expectClientError(await k.api('GET', `/tickets?tags=${encodeURIComponent(JSON.stringify([BIG]))}`, { token: t }));
    expectClientError(await k.api('GET', `/messages/${BIG}`, { token: t }));
    const signup = await k.api('POST', '/auth/signup', {
      body: { companyName: 'Empresa X', name: 'Fulano', email: `s${Date.now()}@x.test`, phone: '21999998888', document: '11144477735', password: 'Segredo12', planId: BIG, termo: true },
    });
    expectClientError(signup);
    expect(signup.body.issues).toContainEqual(expect.objectContaining({ path: ['planId'] }));
  });
});

describe('NUL bytes and lone surrogates', () => {
  it('in JSON text fields are 400 validation.invalidText', async () => {
    const t = a.admin.token;
    const cases: [string, string, unknown][] = [
      ['POST', `/messages/${ticketId}`, { body: 'oi\u0000' }],
      ['POST', '/ticket-notes', { note: 'nota \u0000', ticketId, contactId: 1 }],
      ['POST', '/quick-messages', { shortcode: 'a\u0000', message: 'x' }],
      ['POST', '/chats', { title: 'chat\u0000', users: [{ id: a.admin.user.id }] }],
      ['POST', '/plans', { name: 'Plano\u0000' }],
      ['POST', '/tags', { name: 'tag \ud800 x' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await k.api(method, path, { token: path === '/plans' ? k.superToken : t, body });
      expectClientError(res);
      expect(JSON.stringify(res.body.issues), path).toContain('validation.invalidText');
    }
  });

  it('in multipart field values is 400; in file names it is dropped and the name bounded', async () => {
    const form = new FormData();
    form.append('body', 'legenda\u0000');
    form.append('medias', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const res = await k.api('POST', `/messages/${ticketId}`, { token: a.admin.token, body: form });
    expectClientError(res);
    expect(res.body.issues).toContainEqual({ path: ['body'], message: 'validation.invalidText' });

    const named = new FormData();
    named.append('medias', new Blob(['x'], { type: 'image/png' }), `${'n'.repeat(300)}\u0000.png`);
    const ok = await k.api('POST', `/messages/${ticketId}`, { token: a.admin.token, body: named });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const row = await k.db('messages').where({ ticketId }).orderBy('id', 'desc').first();
    expect(row.mediaName).toBe(`${'n'.repeat(196)}.png`);
  });
});

describe('malformed multipart', () => {
  const uploads = () => [
    { path: `/messages/${ticketId}`, token: a.admin.token },
    { path: `/users/${a.admin.user.id}/media-upload`, token: a.admin.token },
    { path: `/webchat/${webchatToken}/messages`, token: undefined },
  ];
  it('without a boundary or with an unterminated part is 400 ERR_VALIDATION, on every upload route, public or not', async () => {
    for (const { path, token } of uploads()) {
      const noBoundary = await raw('POST', path, 'whatever', 'multipart/form-data', token);
      expectClientError(noBoundary);
      expect(noBoundary.body.issues).toEqual([{ path: [], message: 'validation.multipart' }]);
      const unterminated = await raw(
        'POST',
        path,
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
        'multipart/form-data; boundary=XYZ',
        token,
      );
      expectClientError(unterminated);
    }
  });

  it('a field over the size limit is 413, too many fields is 413', async () => {
    const big = new FormData();
    big.append('body', 'x'.repeat(1024 * 1024 + 10));
    expectClientError(await k.api('POST', `/messages/${ticketId}`, { token: a.admin.token, body: big }), 'ERR_PAYLOAD_TOO_LARGE');
    const many = new FormData();
    for (let i = 0; i < 150; i++) many.append(`f${i}`, 'x');
    expectClientError(await k.api('POST', `/messages/${ticketId}`, { token: a.admin.token, body: many }), 'ERR_PAYLOAD_TOO_LARGE');
  });
});

describe('impossible dates in ticket filters', () => {
  it('date, updatedAt and cursor must be real', async () => {
    for (const q of ['date=2024-02-31', 'updatedAt=0000-00-00', `cursor=${encodeURIComponent('9999-99-99T99:99:99.000000Z_1')}`, `cursor=${encodeURIComponent('2024-01-01T10:00:00.000000Z_2147483648')}`]) {
      expectClientError(await k.api('GET', `/tickets?${q}`, { token: a.admin.token }));
    }
    expect((await k.api('GET', '/tickets?date=2024-02-29', { token: a.admin.token })).status).toBe(200);
  });
});

describe('strings longer than their column', () => {
  it('a 300-character mediaTitle or name is 400 validation.tooLong, not a database error', async () => {
    const form = new FormData();
    form.append('mediaTitle', 'x'.repeat(300));
    form.append('medias', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const res = await k.api('POST', `/messages/${ticketId}`, { token: a.admin.token, body: form });
    expectClientError(res);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ message: 'validation.tooLong' }));
  });
});
