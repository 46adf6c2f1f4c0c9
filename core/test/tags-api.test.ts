import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, expectNoEvent, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let seq = 0;
async function contact(token: string, name = `Contact ${++seq}`) {
  const res = await k.api('POST', '/contacts', { token, body: { name, number: `5521${900000000 + ++seq}` } });
  if (res.status !== 201) throw new Error(`contact failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

async function tag(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/tags', { token, body });
  if (res.status !== 201) throw new Error(`tag failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string };
}

describe('POST /tags', () => {
  it('lets any user create a tag, with defaults, and tells the company', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const socket = await k.socket(admin.token);
    const event = nextEvent(socket, `company-${company.id}-tag`);
    const res = await k.api('POST', '/tags', { token: agent.token, body: { name: 'Urgente' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Urgente', color: '#A4CCCC', kanban: false, userId: agent.user.id, contactsCount: 0 });
    expect(await event).toMatchObject({ action: 'create', tag: { id: res.body.id, name: 'Urgente' } });
  });

  it('accepts the web\'s kanban 0/1 as well as booleans', async () => {
    const { admin } = await k.createCompany();
    expect((await tag(admin.token, { name: 'Lane one', color: '#ff0000', kanban: 1 })) as unknown).toMatchObject({ kanban: true, color: '#ff0000' });
    expect((await tag(admin.token, { name: 'Plain one', kanban: 0 })) as unknown).toMatchObject({ kanban: false });
    expect((await tag(admin.token, { name: 'Lane two', kanban: true })) as unknown).toMatchObject({ kanban: true });
  });

  it.each([
    [{}, 'name', 'validation.required'],
    [{ name: '   ' }, 'name', 'validation.required'],
    [{ name: 'ab' }, 'name', 'validation.tagTooShort'],
    [{ name: 'x'.repeat(51) }, 'name', 'validation.tooLong'],
    [{ name: 'Good', color: 'red' }, 'color', 'validation.tagColor'],
  ])('rejects %j (%s: %s)', async (body, field, message) => {
    const { company, admin } = await k.createCompany();
    const res = await k.api('POST', '/tags', { token: admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await k.db('tags').where({ companyId: company.id }).first()).toBeUndefined();
  });

  it('rejects kanban values other than 0/1/boolean', async () => {
    const { admin } = await k.createCompany();
    expect((await k.api('POST', '/tags', { token: admin.token, body: { name: 'Lane', kanban: 2 } })).status).toBe(400);
  });

  it('refuses a second tag of the same name in the company, whatever the case', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    await tag(a.admin.token, { name: 'Cliente' });
    expect(await k.api('POST', '/tags', { token: a.admin.token, body: { name: 'cliente' } })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_TAG' } });
    expect((await k.api('POST', '/tags', { token: b.admin.token, body: { name: 'Cliente' } })).status).toBe(201);
  });
});

describe('listing tags', () => {
  it('GET /tags pages by 20 with search, kanban filter and contact counts', async () => {
    const { admin } = await k.createCompany();
    for (let i = 0; i < 21; i++) await tag(admin.token, { name: `Etiqueta ${String(i).padStart(2, '0')}`, kanban: i % 2 === 0 });
    const counted = await tag(admin.token, { name: 'Contada' });
    const c1 = await contact(admin.token);
    const c2 = await contact(admin.token);
    await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: c1.id, tags: [counted.id] } });
    await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: c2.id, tags: [counted.id] } });

    const first = await k.api('GET', '/tags?pageNumber=1', { token: admin.token });
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.tags[0]).toMatchObject({ name: 'Contada', contactsCount: 2 });
    expect(first.body.tags[1]).toMatchObject({ name: 'Etiqueta 00', contactsCount: 0 });
    const second = await k.api('GET', '/tags?pageNumber=2', { token: admin.token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.tags.map((t: { name: string }) => t.name)).toEqual(['Etiqueta 19', 'Etiqueta 20']);

    const search = await k.api('GET', '/tags?searchParam=conta', { token: admin.token });
    expect(search.body.tags.map((t: { name: string }) => t.name)).toEqual(['Contada']);
    const kanban = await k.api('GET', '/tags?kanban=1', { token: admin.token });
    expect(kanban.body.tags).toHaveLength(11);
    expect(kanban.body.tags.every((t: { kanban: boolean }) => t.kanban)).toBe(true);
    expect((await k.api('GET', '/tags?kanban=yes', { token: admin.token })).status).toBe(400);
  });

  it('GET /tags/list answers every tag of the company by name; GET /tags/:id one with its count', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const beta = await tag(a.admin.token, { name: 'Beta' });
    await tag(a.admin.token, { name: 'Alfa', kanban: true });
    const theirs = await tag(b.admin.token, { name: 'Outra' });
    const list = await k.api('GET', '/tags/list', { token: a.admin.token });
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['Alfa', 'Beta']);
    expect((await k.api('GET', '/tags/list?kanban=true', { token: a.admin.token })).body.map((t: { name: string }) => t.name)).toEqual(['Alfa']);
    expect((await k.api('GET', `/tags/${beta.id}`, { token: a.admin.token })).body).toMatchObject({ id: beta.id, name: 'Beta', contactsCount: 0 });
    expect(await k.api('GET', `/tags/${theirs.id}`, { token: a.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect((await k.api('GET', '/tags', { token: a.admin.token })).body.tags.map((t: { id: number }) => t.id)).not.toContain(theirs.id);
  });
});

describe('changing tags', () => {
  it('PUT renames and recolours, keeps names unique, and tells the company', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const one = await tag(admin.token, { name: 'Primeira' });
    await tag(admin.token, { name: 'Segunda' });
    const socket = await k.socket(agent.token);
    const event = nextEvent(socket, `company-${company.id}-tag`);
    const res = await k.api('PUT', `/tags/${one.id}`, { token: agent.token, body: { name: 'Renomeada', color: '#000000', kanban: 1 } });
    expect(res.body).toMatchObject({ id: one.id, name: 'Renomeada', color: '#000000', kanban: true });
    expect(await event).toMatchObject({ action: 'update', tag: { id: one.id, name: 'Renomeada' } });
    expect(await k.api('PUT', `/tags/${one.id}`, { token: admin.token, body: { name: 'SEGUNDA' } })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_TAG' } });
    expect((await k.api('PUT', `/tags/${one.id}`, { token: admin.token, body: { name: 'Renomeada' } })).status).toBe(200);
    expect((await k.api('PUT', `/tags/${one.id}`, { token: admin.token, body: { name: 'no' } })).body.issues[0].message).toBe('validation.tagTooShort');
  });

  it('DELETE removes the tag from its contacts and tells the company', async () => {
    const { company, admin } = await k.createCompany();
    const doomed = await tag(admin.token, { name: 'Temporaria' });
    const c = await contact(admin.token);
    await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: c.id, tags: [doomed.id] } });
    const socket = await k.socket(admin.token);
    const event = nextEvent(socket, `company-${company.id}-tag`);
    expect((await k.api('DELETE', `/tags/${doomed.id}`, { token: admin.token })).status).toBe(200);
    expect(await event).toEqual({ action: 'delete', tagId: doomed.id });
    expect((await k.api('GET', `/contacts/${c.id}`, { token: admin.token })).body.tags).toEqual([]);
    expect((await k.api('DELETE', `/tags/${doomed.id}`, { token: admin.token })).status).toBe(404);
  });

  it('another company cannot read, change or delete a tag, nor hear of it', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const theirs = await tag(b.admin.token, { name: 'Privada' });
    const socket = await k.socket(a.admin.token);
    const seen = await expectNoEvent(socket, /tag/, async () => {
      expect((await k.api('PUT', `/tags/${theirs.id}`, { token: a.admin.token, body: { name: 'Roubada' } })).body).toEqual({ error: 'ERR_NO_TAG_FOUND' });
      expect((await k.api('DELETE', `/tags/${theirs.id}`, { token: a.admin.token })).status).toBe(404);
      await k.api('PUT', `/tags/${theirs.id}`, { token: b.admin.token, body: { color: '#123456' } });
    });
    expect(seen).toEqual([]);
    expect(await k.db('tags').where({ id: theirs.id }).first('name')).toEqual({ name: 'Privada' });
  });
});

describe('contact tags', () => {
  it('POST /tags/sync sets exactly the given tags, replaces and clears them, and updates the contact live', async () => {
    const { company, admin } = await k.createCompany();
    const agent = await k.createUser(company.id);
    const t1 = await tag(admin.token, { name: 'Um tag' });
    const t2 = await tag(admin.token, { name: 'Dois tag' });
    const c = await contact(admin.token);
    const socket = await k.socket(agent.token);
    const event = nextEvent(socket, `company-${company.id}-contact`);

    const set = await k.api('POST', '/tags/sync', { token: agent.token, body: { contactId: c.id, tags: [{ id: t1.id, name: 'Um tag' }, t2.id, t2.id] } });
    expect(set.status).toBe(200);
    expect(set.body.tags.map((t: { id: number }) => t.id).sort()).toEqual([t1.id, t2.id].sort());
    expect(await event).toMatchObject({ action: 'update', contact: { id: c.id, tags: expect.arrayContaining([expect.objectContaining({ id: t1.id })]) } });

    const replaced = await k.api('POST', '/tags/sync', { token: agent.token, body: { contactId: c.id, tags: [t2.id] } });
    expect(replaced.body.tags).toEqual([expect.objectContaining({ id: t2.id, name: 'Dois tag' })]);
    const listed = await k.api('GET', `/contactTags/${c.id}`, { token: agent.token });
    expect(listed.body.tags).toEqual([expect.objectContaining({ id: t2.id })]);
    expect((await k.api('GET', `/tags/${t2.id}`, { token: agent.token })).body.contactsCount).toBe(1);
    expect((await k.api('GET', `/tags/${t1.id}`, { token: agent.token })).body.contactsCount).toBe(0);

    const cleared = await k.api('POST', '/tags/sync', { token: agent.token, body: { contactId: c.id, tags: [] } });
    expect(cleared.body.tags).toEqual([]);
  });

  it('refuses another company\'s tag or contact and changes nothing', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const mine = await tag(a.admin.token, { name: 'Minha' });
    const theirTag = await tag(b.admin.token, { name: 'Deles' });
    const myContact = await contact(a.admin.token);
    const theirContact = await contact(b.admin.token);
    await k.api('POST', '/tags/sync', { token: a.admin.token, body: { contactId: myContact.id, tags: [mine.id] } });

    expect(await k.api('POST', '/tags/sync', { token: a.admin.token, body: { contactId: myContact.id, tags: [theirTag.id] } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect((await k.api('GET', `/contactTags/${myContact.id}`, { token: a.admin.token })).body.tags).toEqual([expect.objectContaining({ id: mine.id })]);
    expect(await k.api('POST', '/tags/sync', { token: a.admin.token, body: { contactId: theirContact.id, tags: [mine.id] } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await k.api('GET', `/contactTags/${theirContact.id}`, { token: a.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await k.db('contactTags').where({ contactId: theirContact.id }).first()).toBeUndefined();
  });

  it('validates the sync body', async () => {
    const { admin } = await k.createCompany();
    expect((await k.api('POST', '/tags/sync', { token: admin.token, body: { tags: [] } })).status).toBe(400);
    expect((await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: 1, tags: ['x'] } })).status).toBe(400);
    expect((await k.api('POST', '/tags/sync', { token: admin.token, body: { contactId: 1 } })).status).toBe(400);
  });

  it('requires a session', async () => {
    expect((await k.api('GET', '/tags')).status).toBe(401);
    expect((await k.api('GET', '/contacts')).status).toBe(401);
  });
});
