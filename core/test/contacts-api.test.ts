import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, expectNoEvent, nextEvent, type TestCompany, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let seq = 0;
/** A distinct Brazilian mobile number per call. */
function phone(): string {
  return `5511${800000000 + ++seq}`;
}

async function createContact(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/contacts', { token, body });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function countContacts(where: Record<string, unknown>): Promise<number> {
  const [{ n }] = await k.db('contacts').where(where).count({ n: '*' });
  return Number(n);
}

async function enableHideNumber(c: TestCompany) {
  const res = await k.api('PUT', '/settings/lgpdHideNumber', { token: c.admin.token, body: { value: 'enabled' } });
  expect(res.status).toBe(200);
}

async function sheetOf(rows: unknown[][]): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Plan1');
  for (const row of rows) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

async function upload(token: string, file: Blob, name = 'contatos.xlsx') {
  const form = new FormData();
  form.append('file', file, name);
  return k.api('POST', '/contacts/upload', { token, body: form });
}

async function download(token: string, query = ''): Promise<{ status: number; disposition: string | null; rows: string[][] }> {
  const res = await fetch(`${k.apiUrl}/contacts/export${query}`, { headers: { authorization: `Bearer ${token}` } });
  const buffer = Buffer.from(await res.arrayBuffer());
  const rows: string[][] = [];
  if (res.status === 200) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  }
  return { status: res.status, disposition: res.headers.get('content-disposition'), rows };
}

describe('POST /contacts', () => {
  it('creates a contact with digits-only number, extra info and the company defaults, and tells the company', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const socket = await k.socket(agent.token);
    const event = nextEvent(socket, `company-${company.id}-contact`);
    const res = await k.api('POST', '/contacts', {
      token: admin.token,
      body: { name: 'Maria Souza', number: '+55 (11) 98888-7777', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '123' }] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Maria Souza', number: '5511988887777', email: 'maria@example.com', channel: 'whatsapp', isGroup: false,
      active: true, disableBot: false, acceptAudioMessage: true, companyId: company.id, tags: [],
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(await event).toMatchObject({ action: 'create', contact: { id: res.body.id, number: '5511988887777' } });
  });

  it('takes acceptAudioMessage from the company setting', async () => {
    const c = await k.createCompany();
    await k.api('PUT', '/settings/acceptAudioMessageContact', { token: c.admin.token, body: { value: 'disabled' } });
    const contact = await createContact(c.admin.token, { name: 'No Audio', number: phone() });
    expect(contact.acceptAudioMessage).toBe(false);
  });

  it('keeps a non-phone channel id as given', async () => {
    const { admin } = await k.createCompany();
    const contact = await createContact(admin.token, { name: 'Insta Person', number: 'ig-user-42-abc', channel: 'instagram' });
    expect(contact).toMatchObject({ number: 'ig-user-42-abc', channel: 'instagram' });
  });

  it.each([
    [{ number: '5511999990000' }, 'name', 'validation.required'],
    [{ name: 'A', number: '5511999990000' }, 'name', 'validation.tooShort'],
    [{ name: 'x'.repeat(51), number: '5511999990000' }, 'name', 'validation.tooLong'],
    [{ name: 'Ana Lima' }, 'number', 'validation.required'],
    [{ name: 'Ana Lima', number: '1234567' }, 'number', 'validation.tooShort'],
    [{ name: 'Ana Lima', number: '1'.repeat(51) }, 'number', 'validation.tooLong'],
    [{ name: 'Ana Lima', number: 'abc-defgh-1' }, 'number', 'validation.contactNumber'],
    [{ name: 'Ana Lima', number: '5511999990000', email: 'not-mail' }, 'email', 'validation.invalidEmail'],
  ])('rejects %j (%s: %s) and writes nothing', async (body, field, message) => {
    const { company, admin } = await k.createCompany();
    const res = await k.api('POST', '/contacts', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await countContacts({ companyId: company.id })).toBe(0);
  });

  it('rejects an unknown channel', async () => {
    const { admin } = await k.createCompany();
    expect((await k.api('POST', '/contacts', { token: admin.token, body: { name: 'Ana Lima', number: phone(), channel: 'sms' } })).status).toBe(400);
  });

  it('answers ERR_DUPLICATED_CONTACT for the same number however written, per company and channel', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    await createContact(a.admin.token, { name: 'First', number: '5511977776666' });
    const dup = await k.api('POST', '/contacts', { token: a.admin.token, body: { name: 'Second', number: '+55 11 97777-6666' } });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect((await k.api('POST', '/contacts', { token: a.admin.token, body: { name: 'Cloud', number: '5511977776666', channel: 'whatsappapi' } })).status).toBe(201);
    expect((await k.api('POST', '/contacts', { token: b.admin.token, body: { name: 'Other co', number: '5511977776666' } })).status).toBe(201);
  });

  it('lets the unique index settle simultaneous creations: exactly one wins', async () => {
    const { company, admin } = await k.createCompany();
    const number = phone();
    const results = await Promise.all(Array.from({ length: 8 }, () => k.api('POST', '/contacts', { token: admin.token, body: { name: 'Racer', number } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'ERR_DUPLICATED_CONTACT')).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await countContacts({ companyId: company.id, number })).toBe(1);
  });
});

describe('GET/PUT/DELETE /contacts/:id', () => {
  it('reads one contact with extra info and tags, and PUT replaces extra info', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const contact = await createContact(admin.token, { name: 'Carlos', number: phone(), extraInfo: [{ name: 'a', value: '1' }, { name: 'b', value: '2' }] });
    const tag = await k.api('POST', '/tags', { token: admin.token, body: { name: 'VIP', color: '#112233' } });
    await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: contact.id, tags: [{ id: tag.body.id }] } });

    const got = await k.api('GET', `/contacts/${contact.id}`, { token: agent.token });
    expect(got.body).toMatchObject({ id: contact.id, tags: [{ id: tag.body.id, name: 'VIP', color: '#112233' }] });
    expect(got.body.extraInfo.map((e: { name: string }) => e.name)).toEqual(['a', 'b']);

    const socket = await k.socket(agent.token);
    const event = nextEvent(socket, `company-${company.id}-contact`);
    const put = await k.api('PUT', `/contacts/${contact.id}`, { token: agent.token, body: { name: 'Carlos Silva', email: 'c@example.com', extraInfo: [{ name: 'c', value: '3' }] } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Carlos Silva', email: 'c@example.com', number: contact.number, extraInfo: [{ name: 'c', value: '3' }] });
    expect(await event).toMatchObject({ action: 'update', contact: { id: contact.id, name: 'Carlos Silva' } });
    expect(await k.db('contactCustomFields').where({ contactId: contact.id }).pluck('name')).toEqual(['c']);

    const keep = await k.api('PUT', `/contacts/${contact.id}`, { token: agent.token, body: { name: 'Carlos S.' } });
    expect(keep.body.extraInfo).toHaveLength(1);
  });

  it('PUT validates, normalises the number and refuses another contact\'s number', async () => {
    const { admin } = await k.createCompany();
    const one = await createContact(admin.token, { name: 'One', number: phone() });
    const two = await createContact(admin.token, { name: 'Two', number: phone() });
    expect((await k.api('PUT', `/contacts/${two.id}`, { token: admin.token, body: { number: one.number } })).body).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    expect((await k.api('PUT', `/contacts/${two.id}`, { token: admin.token, body: { name: 'X' } })).status).toBe(400);
    expect((await k.api('PUT', `/contacts/${two.id}`, { token: admin.token, body: { email: 'bad' } })).status).toBe(400);
    const renumbered = await k.api('PUT', `/contacts/${two.id}`, { token: admin.token, body: { number: '+55 21 3333-4444' } });
    expect(renumbered.body.number).toBe('552133334444');
    expect((await k.api('PUT', `/contacts/${two.id}`, { token: admin.token, body: { number: '552133334444' } })).status).toBe(200);
  });

  it('DELETE is admin-only and tells the company', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const contact = await createContact(admin.token, { name: 'Gone Soon', number: phone() });
    expect(await k.api('DELETE', `/contacts/${contact.id}`, { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const socket = await k.socket(agent.token);
    const event = nextEvent(socket, `company-${company.id}-contact`);
    expect((await k.api('DELETE', `/contacts/${contact.id}`, { token: admin.token })).status).toBe(200);
    expect(await event).toEqual({ action: 'delete', contactId: contact.id });
    expect(await k.api('GET', `/contacts/${contact.id}`, { token: admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });

  it('another company\'s contact is not found on any route, and its events never arrive', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const theirs = await createContact(b.admin.token, { name: 'Secret', number: phone() });
    const socket = await k.socket(a.admin.token);
    const seen = await expectNoEvent(socket, /contact/, async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', `/contacts/${theirs.id}`],
        ['PUT', `/contacts/${theirs.id}`, { name: 'Hacked' }],
        ['DELETE', `/contacts/${theirs.id}`],
        ['PUT', `/contacts/toggleDisableBot/${theirs.id}`],
        ['PUT', `/contacts/toggleAcceptAudio/${theirs.id}`],
        ['PUT', `/contacts/block/${theirs.id}`, { active: false }],
      ];
      for (const [method, path, body] of calls) {
        expect(await k.api(method, path, { token: a.admin.token, body })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
      }
      await k.api('PUT', `/contacts/${theirs.id}`, { token: b.admin.token, body: { name: 'Their update' } });
    });
    expect(seen).toEqual([]);
    const row = await k.db('contacts').where({ id: theirs.id }).first();
    expect(row).toMatchObject({ name: 'Their update', active: true, disableBot: false });
    const list = await k.api('GET', '/contacts?searchParam=Their', { token: a.admin.token });
    expect(list.body).toMatchObject({ contacts: [], count: 0, hasMore: false });
    expect(await k.api('GET', '/contacts/list', { token: a.admin.token })).toMatchObject({ status: 200, body: [] });
  });
});

describe('contact switches', () => {
  it('toggles disableBot and acceptAudioMessage, and blocks and unblocks', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const contact = await createContact(admin.token, { name: 'Switchy', number: phone() });
    expect((await k.api('PUT', `/contacts/toggleDisableBot/${contact.id}`, { token: agent.token })).body.disableBot).toBe(true);
    expect((await k.api('PUT', `/contacts/toggleDisableBot/${contact.id}`, { token: agent.token })).body.disableBot).toBe(false);
    expect((await k.api('PUT', `/contacts/toggleAcceptAudio/${contact.id}`, { token: agent.token })).body.acceptAudioMessage).toBe(false);

    const socket = await k.socket(admin.token);
    const event = nextEvent(socket, `company-${company.id}-contact`);
    expect((await k.api('PUT', `/contacts/block/${contact.id}`, { token: agent.token, body: { active: false } })).body.active).toBe(false);
    expect(await event).toMatchObject({ action: 'update', contact: { id: contact.id, active: false } });
    expect((await k.api('PUT', `/contacts/block/${contact.id}`, { token: agent.token, body: { active: true } })).body.active).toBe(true);
    expect((await k.api('PUT', `/contacts/block/${contact.id}`, { token: agent.token, body: {} })).status).toBe(400);
    expect((await k.api('PUT', `/contacts/block/${contact.id}`, { token: agent.token, body: { active: 'no' } })).status).toBe(400);
  });
});

describe('GET /contacts', () => {
  it('pages by 20 ordered by name with count and hasMore', async () => {
    const { admin } = await k.createCompany();
    for (let i = 0; i < 23; i++) await createContact(admin.token, { name: `Pessoa ${String(i).padStart(2, '0')}`, number: phone() });
    const first = await k.api('GET', '/contacts?pageNumber=1', { token: admin.token });
    expect(first.body.contacts).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.contacts[0].name).toBe('Pessoa 00');
    const second = await k.api('GET', '/contacts?pageNumber=2', { token: admin.token });
    expect(second.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Pessoa 20', 'Pessoa 21', 'Pessoa 22']);
    expect(second.body.hasMore).toBe(false);
  });

  it('searches name, number and e-mail, and filters by channel, group and tags', async () => {
    const { company, admin } = await k.createCompany();
    const ana = await createContact(admin.token, { name: 'Ana Paula', number: '5531912345678', email: 'ana@acme.com' });
    const bruno = await createContact(admin.token, { name: 'Bruno', number: '5531987654321', email: 'bruno@other.org' });
    const fb = await createContact(admin.token, { name: 'Facebook Fan', number: 'psid-0001-x', channel: 'facebook' });
    await k.db('contacts').insert({ companyId: company.id, name: 'Grupo Vendas', number: '120363000000000001', isGroup: true });
    const tagA = (await k.api('POST', '/tags', { token: admin.token, body: { name: 'Tag A' } })).body;
    const tagB = (await k.api('POST', '/tags', { token: admin.token, body: { name: 'Tag B' } })).body;
    await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: ana.id, tags: [tagA.id] } });
    await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: bruno.id, tags: [tagB.id] } });

    const names = async (query: string) => (await k.api('GET', `/contacts?${query}`, { token: admin.token })).body.contacts.map((c: { name: string }) => c.name);
    expect(await names('searchParam=paula')).toEqual(['Ana Paula']);
    expect(await names('searchParam=87654')).toEqual(['Bruno']);
    expect(await names('searchParam=acme.com')).toEqual(['Ana Paula']);
    expect(await names('searchParam=100%25')).toEqual([]);
    expect(await names('channel=facebook')).toEqual([fb.name]);
    expect(await names('isGroup=true')).toEqual(['Grupo Vendas']);
    expect(await names('isGroup=false')).toEqual(['Ana Paula', 'Bruno', 'Facebook Fan']);
    expect(await names(`contactTag=${encodeURIComponent(JSON.stringify([tagA.id]))}`)).toEqual(['Ana Paula']);
    expect(await names(`contactTag=${encodeURIComponent(JSON.stringify([tagA.id, tagB.id]))}`)).toEqual(['Ana Paula', 'Bruno']);
    const tagged = await k.api('GET', `/contacts?contactTag=${encodeURIComponent(JSON.stringify([tagB.id]))}`, { token: admin.token });
    expect(tagged.body).toMatchObject({ count: 1, contacts: [{ name: 'Bruno', tags: [{ id: tagB.id, name: 'Tag B' }] }] });

    const bad = await k.api('GET', '/contacts?contactTag=not-json', { token: admin.token });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(bad.body.issues[0].message).toBe('validation.contactTagFilter');
    expect((await k.api('GET', '/contacts?isGroup=maybe', { token: admin.token })).status).toBe(400);
  });

  it('a tag filter with another company\'s tag id lists nothing of theirs', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const theirTag = (await k.api('POST', '/tags', { token: b.admin.token, body: { name: 'Theirs' } })).body;
    const theirContact = await createContact(b.admin.token, { name: 'Their Contact', number: phone() });
    await k.api('POST', '/tags/sync', { token: b.admin.token, body: { contactId: theirContact.id, tags: [theirTag.id] } });
    const res = await k.api('GET', `/contacts?contactTag=${encodeURIComponent(JSON.stringify([theirTag.id]))}`, { token: a.admin.token });
    expect(res.body).toMatchObject({ contacts: [], count: 0 });
  });

  it('GET /contacts/list answers a short list for pickers', async () => {
    const { admin } = await k.createCompany();
    await createContact(admin.token, { name: 'Zeca', number: phone() });
    await createContact(admin.token, { name: 'Alice', number: phone() });
    const res = await k.api('GET', '/contacts/list', { token: admin.token });
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Alice', 'Zeca']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['channel', 'email', 'id', 'isGroup', 'name', 'number', 'profilePicUrl']);
    expect((await k.api('GET', '/contacts/list?searchParam=zec', { token: admin.token })).body).toHaveLength(1);
  });
});

describe('LGPD hide-number', () => {
  it('masks numbers for plain users only when enabled, never for groups, in every answer and event', async () => {
    const c = await k.createCompany();
    const agent = await k.createUser(c.company.id);
    const person = await createContact(c.admin.token, { name: 'Private Person', number: '5511912345678' });
    await k.db('contacts').insert({ companyId: c.company.id, name: 'Private Group', number: '120363999999999999', isGroup: true });

    const numberFor = async (token: string) => (await k.api('GET', `/contacts/${person.id}`, { token })).body.number;
    expect(await numberFor(agent.token)).toBe('5511912345678');

    await enableHideNumber(c);
    expect(await numberFor(agent.token)).toBe('***********78');
    expect(await numberFor(c.admin.token)).toBe('5511912345678');

    const list = await k.api('GET', '/contacts?searchParam=Private', { token: agent.token });
    const byName = Object.fromEntries(list.body.contacts.map((x: { name: string; number: string }) => [x.name, x.number]));
    expect(byName).toEqual({ 'Private Person': '***********78', 'Private Group': '120363999999999999' });
    expect((await k.api('GET', '/contacts/list?searchParam=Private Person', { token: agent.token })).body[0].number).toBe('***********78');
    expect((await k.api('PUT', `/contacts/toggleDisableBot/${person.id}`, { token: agent.token })).body.number).toBe('***********78');

    // A masked viewer cannot learn digits by searching parts of numbers; the whole number still finds.
    expect((await k.api('GET', '/contacts?searchParam=91234', { token: agent.token })).body.contacts).toEqual([]);
    expect((await k.api('GET', '/contacts?searchParam=91234', { token: c.admin.token })).body.contacts).toHaveLength(1);
    expect((await k.api('GET', '/contacts?searchParam=%2B55 11 91234-5678', { token: agent.token })).body.contacts).toHaveLength(1);

    const agentSocket = await k.socket(agent.token);
    const adminSocket = await k.socket(c.admin.token);
    const agentEvent = nextEvent(agentSocket, `company-${c.company.id}-contact`);
    const adminEvent = nextEvent(adminSocket, `company-${c.company.id}-contact`);
    await k.api('PUT', `/contacts/${person.id}`, { token: c.admin.token, body: { name: 'Private Person 2' } });
    expect((await agentEvent).contact.number).toBe('***********78');
    expect((await adminEvent).contact.number).toBe('5511912345678');
  });
});

describe('POST /contactsImport', () => {
  it('creates by number, then updates the same contact', async () => {
    const { company, admin } = await k.createCompany();
    const created = await k.api('POST', '/contactsImport', { token: admin.token, body: { name: 'Row One', number: '55 11 94444-3333', email: '' } });
    expect(created).toMatchObject({ status: 201, body: { name: 'Row One', number: '5511944443333', channel: 'whatsapp' } });
    const updated = await k.api('POST', '/contactsImport', { token: admin.token, body: { name: 'Row One Renamed', number: '5511944443333', email: 'r1@example.com' } });
    expect(updated).toMatchObject({ status: 200, body: { id: created.body.id, name: 'Row One Renamed', email: 'r1@example.com' } });
    expect(await countContacts({ companyId: company.id })).toBe(1);
    expect((await k.api('POST', '/contactsImport', { token: admin.token, body: { name: 'R', number: '5511944443333' } })).status).toBe(400);
  });
});

describe('spreadsheet import and export', () => {
  it('imports rows one by one with per-row results', async () => {
    const { company, admin } = await k.createCompany();
    const existing = await createContact(admin.token, { name: 'Old Name', number: '5511955554444' });
    const file = await sheetOf([
      ['Nome', 'Número', 'E-mail'],
      ['Nova Pessoa', '+55 11 95555-1111', 'nova@example.com'],
      ['Renamed', 5511955554444, ''],
      ['X', '5511955552222', ''],
      ['Bad Mail', '5511955553333', 'nope'],
      ['No Digits', 'abcdefghij', ''],
      [],
      ['Terceira', '5511955556666'],
    ]);
    const res = await upload(admin.token, file);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 1,
      errors: [
        { row: 4, error: 'validation.tooShort', field: 'name' },
        { row: 5, error: 'validation.invalidEmail', field: 'email' },
        { row: 6, error: 'validation.contactNumber', field: 'number' },
      ],
    });
    const rows = await k.db('contacts').where({ companyId: company.id }).orderBy('name').select('name', 'number', 'email');
    expect(rows).toEqual([
      { name: 'Nova Pessoa', number: '5511955551111', email: 'nova@example.com' },
      { name: 'Renamed', number: existing.number, email: '' },
      { name: 'Terceira', number: '5511955556666', email: '' },
    ]);
  });

  it('reads a sheet without a header row as name, number, e-mail', async () => {
    const { admin } = await k.createCompany();
    const res = await upload(admin.token, await sheetOf([['Sem Cabecalho', '5511966660000', 'sc@example.com']]));
    expect(res.body).toEqual({ created: 1, updated: 0, errors: [] });
  });

  it('refuses a file that is not a spreadsheet, or no file, writing nothing', async () => {
    const { company, admin } = await k.createCompany();
    const notXlsx = await upload(admin.token, new Blob(['name,number\nA,1'], { type: 'text/csv' }), 'c.csv');
    expect(notXlsx).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['file'], message: 'validation.spreadsheetFile' }] } });
    const noFile = await k.api('POST', '/contacts/upload', { token: admin.token, body: {} });
    expect(noFile.status).toBe(400);
    expect(await countContacts({ companyId: company.id })).toBe(0);
  });

  it('exports backup_contatos.xlsx, filtered by tags and masked for plain users, and the file imports back', async () => {
    const c = await k.createCompany();
    const agent = await k.createUser(c.company.id);
    const one = await createContact(c.admin.token, { name: 'Export One', number: '5511977771111', email: 'one@example.com' });
    await createContact(c.admin.token, { name: 'Export Two', number: '5511977772222' });
    const tag = (await k.api('POST', '/tags', { token: c.admin.token, body: { name: 'Clientes' } })).body;
    await k.api('POST', '/tags/sync', { token: c.admin.token, body: { contactId: one.id, tags: [tag.id] } });

    const all = await download(c.admin.token);
    expect(all.status).toBe(200);
    expect(all.disposition).toContain('backup_contatos.xlsx');
    expect(all.rows).toEqual([
      ['Nome', 'Número', 'Email', 'Tags'],
      ['Export One', '5511977771111', 'one@example.com', 'Clientes'],
      ['Export Two', '5511977772222', '', ''],
    ]);
    const filtered = await download(c.admin.token, `?contactTag=${encodeURIComponent(JSON.stringify([tag.id]))}`);
    expect(filtered.rows.map((r) => r[0])).toEqual(['Nome', 'Export One']);

    await enableHideNumber(c);
    expect((await download(agent.token)).rows.slice(1).map((r) => r[1])).toEqual(['***********11', '***********22']);
    expect((await download(c.admin.token)).rows[1][1]).toBe('5511977771111');

    const other = await k.createCompany();
    const res = await fetch(`${k.apiUrl}/contacts/export`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    const back = await upload(other.admin.token, new Blob([await res.arrayBuffer()]), 'backup_contatos.xlsx');
    expect(back.body).toEqual({ created: 2, updated: 0, errors: [] });
    expect(await k.db('contacts').where({ companyId: other.company.id }).orderBy('name').pluck('number')).toEqual(['5511977771111', '5511977772222']);
    expect((await download(other.admin.token)).rows.length).toBe(3);
    expect((await download(c.admin.token, '?contactTag=oops')).status).toBe(400);
  });
});
