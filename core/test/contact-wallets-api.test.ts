import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

/**
 * Contact wallets and birthdays over the API (issue #33): the owner and birthday fields, who may
 * change an owner, the bulk change, the import's columns, /wallets per role, and another company's
 * users and contacts never reachable.
 */
let k: TestKernel;
let a: TestCompany;
let b: TestCompany;
let agent: TestUser;
let other: TestUser;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
  a = await k.createCompany();
  b = await k.createCompany();
  agent = await k.createUser(a.company.id, { name: 'Ana Agente', email: `ana${Date.now()}@example.com` });
  other = await k.createUser(b.company.id, { name: 'Bruno Outro' });
});
afterAll(async () => k?.close());

const phone = () => `5511${810000000 + ++seq}`;

async function create(token: string, body: Record<string, unknown>) {
  return k.api('POST', '/contacts', { token, body: { name: `Cliente ${++seq}`, number: phone(), ...body } });
}

async function sheetOf(rows: unknown[][]): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan1');
  for (const row of rows) sheet.addRow(row);
  return new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer]);
}

async function upload(token: string, file: Blob) {
  const form = new FormData();
  form.append('file', file, 'contatos.xlsx');
  return k.api('POST', '/contacts/upload', { token, body: form });
}

describe('owner and birthday fields', () => {
  it('an admin sets them on create and update; the company hears it', async () => {
    const res = await create(a.admin.token, { ownerUserId: agent.user.id, birthday: '1990-05-17' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ownerUserId: agent.user.id, birthday: '1990-05-17' });
    const socket = await k.socket(agent.token);
    const event = nextEvent(socket, `company-${a.company.id}-contact`);
    const put = await k.api('PUT', `/contacts/${res.body.id}`, { token: a.admin.token, body: { ownerUserId: null, birthday: '' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ownerUserId: null, birthday: null });
    expect(await event).toMatchObject({ action: 'update', contact: { id: res.body.id, ownerUserId: null } });
    socket.disconnect();
  });

  it('refuses an impossible birthday and another company\'s user as owner, writing nothing', async () => {
    for (const birthday of ['1990-02-30', '17/05/1990', 'ontem']) {
      const res = await create(a.admin.token, { birthday });
      expect(res.status).toBe(400);
    }
    const foreign = await create(a.admin.token, { ownerUserId: other.user.id });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('validation.contactOwner');
    const c = (await create(a.admin.token, {})).body;
    expect((await k.api('PUT', `/contacts/${c.id}`, { token: a.admin.token, body: { ownerUserId: other.user.id } })).status).toBe(400);
    expect((await k.db('contacts').where({ id: c.id }).first('ownerUserId')).ownerUserId).toBeNull();
  });

  it('an agent edits a contact and its birthday but may not change its owner', async () => {
    const c = (await create(a.admin.token, { ownerUserId: agent.user.id })).body;
    const same = await k.api('PUT', `/contacts/${c.id}`, { token: agent.token, body: { name: 'Novo Nome', ownerUserId: agent.user.id, birthday: '2000-02-29' } });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Novo Nome', birthday: '2000-02-29' });
    expect((await k.api('PUT', `/contacts/${c.id}`, { token: agent.token, body: { ownerUserId: null } })).status).toBe(403);
    expect((await create(agent.token, { ownerUserId: agent.user.id })).status).toBe(403);
    expect((await k.db('contacts').where({ id: c.id }).first('ownerUserId')).ownerUserId).toBe(agent.user.id);
  });
});

describe('PUT /contacts/owner and GET /wallets', () => {
  it('an admin moves many contacts into a wallet; only the company\'s contacts change', async () => {
    const mine = [(await create(a.admin.token, {})).body.id, (await create(a.admin.token, {})).body.id];
    const theirs = (await create(b.admin.token, {})).body.id;
    const res = await k.api('PUT', '/contacts/owner', { token: a.admin.token, body: { contactIds: [...mine, theirs], ownerUserId: a.admin.user.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect((await k.db('contacts').where({ id: theirs }).first('ownerUserId')).ownerUserId).toBeNull();
    expect((await k.api('PUT', '/contacts/owner', { token: agent.token, body: { contactIds: mine, ownerUserId: agent.user.id } })).status).toBe(403);
    expect((await k.api('PUT', '/contacts/owner', { token: a.admin.token, body: { contactIds: mine, ownerUserId: other.user.id } })).status).toBe(400);
    expect((await k.api('PUT', '/contacts/owner', { token: a.admin.token, body: { contactIds: [], ownerUserId: null } })).status).toBe(400);

    const listed = await k.api('GET', `/contacts?ownerUserId=${a.admin.user.id}`, { token: a.admin.token });
    expect(listed.body.contacts.map((c: { id: number }) => c.id).sort()).toEqual([...mine].sort());
  });

  it('lists owners with counts: an admin sees all of the company, an agent only their own', async () => {
    const company = await k.createCompany();
    const ana = await k.createUser(company.company.id, { name: 'Ana' });
    const caio = await k.createUser(company.company.id, { name: 'Caio' });
    for (const owner of [ana, ana, caio]) expect((await create(company.admin.token, { ownerUserId: owner.user.id })).status).toBe(201);
    await create(company.admin.token, {});
    const all = await k.api('GET', '/wallets', { token: company.admin.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      { userId: ana.user.id, name: 'Ana', email: ana.user.email, contacts: 2 },
      { userId: caio.user.id, name: 'Caio', email: caio.user.email, contacts: 1 },
    ]);
    expect((await k.api('GET', '/wallets', { token: caio.token })).body).toEqual([{ userId: caio.user.id, name: 'Caio', email: caio.user.email, contacts: 1 }]);
    // Another company's admin sees none of them.
    expect((await k.api('GET', '/wallets', { token: b.admin.token })).body.some((w: { userId: number }) => w.userId === ana.user.id)).toBe(false);
  });
});

describe('the tickets list\'s "my wallet" filter', () => {
  it('keeps the tickets of contacts the caller owns', async () => {
    const owned = (await create(a.admin.token, { ownerUserId: agent.user.id })).body.id;
    const notOwned = (await create(a.admin.token, {})).body.id;
    const [t1] = await k.db('tickets').insert({ companyId: a.company.id, contactId: owned, status: 'open', userId: agent.user.id }).returning('id');
    const [t2] = await k.db('tickets').insert({ companyId: a.company.id, contactId: notOwned, status: 'open', userId: agent.user.id }).returning('id');
    const ids = async (query: string) => ((await k.api('GET', `/tickets?status=open${query}`, { token: agent.token })).body.tickets as { id: number }[]).map((t) => t.id);
    expect(await ids('')).toEqual(expect.arrayContaining([t1.id, t2.id]));
    const wallet = await ids('&myWallet=true');
    expect(wallet).toContain(t1.id);
    expect(wallet).not.toContain(t2.id);
    expect((await k.api('GET', '/tickets?myWallet=maybe', { token: agent.token })).status).toBe(400);
  });
});

describe('spreadsheet import', () => {
  it('reads the wallet (owner e-mail) and birthday columns; an unknown owner is a row error', async () => {
    const n1 = phone();
    const n2 = phone();
    const n3 = phone();
    const res = await upload(a.admin.token, await sheetOf([
      ['Nome', 'Número', 'Carteira', 'Aniversário'],
      ['Lia Planilha', n1, agent.user.email.toUpperCase(), '17/05/1990'],
      ['Rui Planilha', n2, '', new Date(Date.UTC(1985, 1, 28))],
      ['Zé Planilha', n3, other.user.email, ''],
    ]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 0, errors: [{ row: 4, error: 'validation.contactOwner', field: 'ownerEmail' }] });
    expect(await k.db('contacts').where({ companyId: a.company.id, number: n1 }).first('ownerUserId', 'birthday')).toEqual({ ownerUserId: agent.user.id, birthday: '1990-05-17' });
    expect(await k.db('contacts').where({ companyId: a.company.id, number: n2 }).first('ownerUserId', 'birthday')).toEqual({ ownerUserId: null, birthday: '1985-02-28' });
    expect(await k.db('contacts').where({ companyId: a.company.id, number: n3 }).first()).toBeUndefined();

    const byAgent = await upload(agent.token, await sheetOf([['Nome', 'Número', 'Carteira'], ['Tom Agente', phone(), agent.user.email]]));
    expect(byAgent.body).toMatchObject({ created: 0, errors: [{ row: 2, error: 'ERR_NO_PERMISSION' }] });
  });
});
