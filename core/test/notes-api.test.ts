import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, nextEvent, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

let seq = 0;

interface Team extends TestCompany {
  agent: TestUser;
  colleague: TestUser;
  outsider: TestUser;
  queueId: number;
  whatsappId: number;
}

/** A company with a connection, a queue with two agents in it, and an agent outside it. */
async function team(): Promise<Team> {
  const c = await k.createCompany();
  const [queue] = await k.db('queues').insert({ companyId: c.company.id, name: `Fila ${++seq}`, color: `#00${String(seq % 100).padStart(2, '0')}00` }).returning('id');
  const [conn] = await k
    .db('whatsapps')
    .insert({ companyId: c.company.id, name: `Conexão ${seq}`, channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), isDefault: true })
    .returning('id');
  const agent = await k.createUser(c.company.id, { name: `Agente ${seq}` });
  const colleague = await k.createUser(c.company.id);
  const outsider = await k.createUser(c.company.id);
  await k.db('userQueues').insert([agent, colleague].map((u) => ({ companyId: c.company.id, userId: u.user.id, queueId: queue.id })));
  return { ...c, agent, colleague, outsider, queueId: queue.id, whatsappId: conn.id };
}

async function ticket(t: Team, opts: { userId?: number | null } = {}) {
  const [c] = await k.db('contacts').insert({ companyId: t.company.id, name: `Cliente ${++seq}`, number: `55219${String(20000000 + seq)}` }).returning('id');
  const [row] = await k
    .db('tickets')
    .insert({ companyId: t.company.id, contactId: c.id, whatsappId: t.whatsappId, queueId: t.queueId, status: opts.userId === null ? 'pending' : 'open', userId: opts.userId === undefined ? t.agent.user.id : opts.userId })
    .returning(['id', 'uuid', 'contactId']);
  return row as { id: number; uuid: string; contactId: number };
}

async function note(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/ticket-notes', { token, body });
  if (res.status !== 201) throw new Error(`note failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

describe('ticket notes', () => {
  it('adds a note with its author and lists the ticket\'s notes newest first', async () => {
    const t = await team();
    const tk = await ticket(t);
    const res = await k.api('POST', '/ticket-notes', { token: t.agent.token, body: { note: '  Cliente prefere contato à tarde ', ticketId: tk.id, contactId: tk.contactId } });
    expect(res).toMatchObject({
      status: 201,
      body: { note: 'Cliente prefere contato à tarde', ticketId: tk.id, contactId: tk.contactId, userId: t.agent.user.id, user: { id: t.agent.user.id, name: t.agent.user.name } },
    });
    const second = await note(t.admin.token, { note: 'Já enviado o boleto', ticketId: tk.id, contactId: tk.contactId });
    const another = await ticket(t);
    await note(t.admin.token, { note: 'De outro ticket', ticketId: another.id, contactId: another.contactId });

    const list = await k.api('GET', `/ticket-notes/list?ticketId=${tk.id}&contactId=${tk.contactId}`, { token: t.agent.token });
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([second.id, res.body.id]);
    expect(list.body[0].user).toMatchObject({ id: t.admin.user.id });
    expect((await k.api('GET', `/ticket-notes/list?ticketId=${tk.id}&contactId=${tk.contactId + 1000}`, { token: t.agent.token })).body).toEqual([]);
  });

  it.each([
    ['an empty note', { note: '' }, 'note', 'validation.required'],
    ['a one-letter note', { note: ' a ' }, 'note', 'validation.tooShort'],
    ['a note over 5000 characters', { note: 'x'.repeat(5001) }, 'note', 'validation.tooLong'],
    ['no ticketId', { note: 'válida', ticketId: undefined }, 'ticketId', 'validation.required'],
    ['no contactId', { note: 'válida', contactId: undefined }, 'contactId', 'validation.required'],
  ])('rejects %s (%s: %s)', async (_label, patch, field, message) => {
    const t = await team();
    const tk = await ticket(t);
    const res = await k.api('POST', '/ticket-notes', { token: t.agent.token, body: { ticketId: tk.id, contactId: tk.contactId, ...patch } });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await k.db('ticketNotes').where({ ticketId: tk.id }).first()).toBeUndefined();
  });

  it("needs a ticket the caller sees and that ticket's contact; another company sees nothing", async () => {
    const t = await team();
    const other = await k.createCompany();
    const tk = await ticket(t);
    const elsewhere = await ticket(t);
    const existing = await note(t.agent.token, { note: 'nota', ticketId: tk.id, contactId: tk.contactId });
    expect(await k.api('POST', '/ticket-notes', { token: t.outsider.token, body: { note: 'nota', ticketId: tk.id, contactId: tk.contactId } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('POST', '/ticket-notes', { token: other.admin.token, body: { note: 'nota', ticketId: tk.id, contactId: tk.contactId } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('POST', '/ticket-notes', { token: t.agent.token, body: { note: 'nota', ticketId: tk.id, contactId: elsewhere.contactId } })).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    expect(await k.api('GET', `/ticket-notes/list?ticketId=${tk.id}`, { token: other.admin.token })).toMatchObject({ status: 404 });
    expect(await k.api('GET', `/ticket-notes/list?ticketId=${tk.id}`, { token: t.outsider.token })).toMatchObject({ status: 404 });
    expect(await k.api('DELETE', `/ticket-notes/${existing.id}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_NOTE_FOUND' } });
    expect((await k.api('GET', '/ticket-notes/list', { token: t.agent.token })).status).toBe(400);
    expect(await k.db('ticketNotes').where({ ticketId: tk.id }).select('id')).toEqual([{ id: existing.id }]);
  });

  it('is deleted by its author or an admin only', async () => {
    const t = await team();
    const tk = await ticket(t, { userId: null });
    const mine = await note(t.agent.token, { note: 'do agente', ticketId: tk.id, contactId: tk.contactId });
    const other = await note(t.agent.token, { note: 'outra do agente', ticketId: tk.id, contactId: tk.contactId });
    expect(await k.api('DELETE', `/ticket-notes/${mine.id}`, { token: t.colleague.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await k.api('DELETE', `/ticket-notes/${mine.id}`, { token: t.agent.token })).status).toBe(200);
    expect((await k.api('DELETE', `/ticket-notes/${other.id}`, { token: t.admin.token })).status).toBe(200);
    expect(await k.db('ticketNotes').where({ ticketId: tk.id }).first()).toBeUndefined();
    expect(await k.api('DELETE', `/ticket-notes/${mine.id}`, { token: t.agent.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_NOTE_FOUND' } });
  });
});

describe('ticket tags', () => {
  async function tag(t: Team, name: string, kanban = false) {
    const [row] = await k.db('tags').insert({ companyId: t.company.id, name, color: '#112233', kanban }).returning('id');
    return row.id as number;
  }

  it('PUT adds a tag (once) and tells the ticket\'s viewers; DELETE removes the kanban lanes only', async () => {
    const t = await team();
    const tk = await ticket(t);
    const lane = await tag(t, 'Em negociação', true);
    const plain = await tag(t, 'VIP');
    const socket = await k.socket(t.agent.token);
    const updated = nextEvent(socket, `company-${t.company.id}-ticket`, (p: { action: string; ticket?: { id: number; tags: unknown[] } }) => p.action === 'update' && p.ticket?.id === tk.id && p.ticket.tags.length === 1);
    const res = await k.api('PUT', `/ticket-tags/${tk.id}/${lane}`, { token: t.agent.token });
    expect(res).toMatchObject({ status: 200, body: { ticketId: tk.id, tags: [{ id: lane, name: 'Em negociação', kanban: true }] } });
    expect((await updated).ticket!.tags).toMatchObject([{ id: lane }]);
    await k.api('PUT', `/ticket-tags/${tk.id}/${lane}`, { token: t.agent.token });
    await k.api('PUT', `/ticket-tags/${tk.id}/${plain}`, { token: t.agent.token });
    const tagIds = async () => (await k.db('ticketTags').where({ ticketId: tk.id }).orderBy('tagId').select('tagId')).map((r) => r.tagId);
    expect(await tagIds()).toEqual([lane, plain].sort((a, b) => a - b));

    const removed = await k.api('DELETE', `/ticket-tags/${tk.id}`, { token: t.agent.token });
    expect(removed).toMatchObject({ status: 200, body: { tags: [{ id: plain }] } });
    expect(await tagIds()).toEqual([plain]);
  });

  it("refuses another company's tag or ticket and tickets the caller does not see", async () => {
    const t = await team();
    const other = await team();
    const tk = await ticket(t);
    const mine = await tag(t, 'Minha');
    const theirs = await tag(other, 'Deles');
    expect(await k.api('PUT', `/ticket-tags/${tk.id}/${theirs}`, { token: t.agent.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
    expect(await k.api('PUT', `/ticket-tags/${tk.id}/${mine}`, { token: other.admin.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('PUT', `/ticket-tags/${tk.id}/${mine}`, { token: t.outsider.token })).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    expect(await k.api('DELETE', `/ticket-tags/${tk.id}`, { token: other.admin.token })).toMatchObject({ status: 404 });
    expect((await k.api('PUT', `/ticket-tags/${tk.id}/abc`, { token: t.agent.token })).status).toBe(400);
    expect(await k.db('ticketTags').where({ ticketId: tk.id }).first()).toBeUndefined();
  });
});
