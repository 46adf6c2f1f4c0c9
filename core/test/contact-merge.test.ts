import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '../src/testing/index.js';

/** The admin's "merge contacts" (issue #31): preview, merge, and the refusals. */
describe('contact merge API', () => {
  let k: TestKernel;
  let company: TestCompany;
  let other: TestCompany;
  let agent: TestUser;
  let connectionId: number;

  beforeAll(async () => {
    k = await createTestKernel();
    company = await k.createCompany();
    other = await k.createCompany();
    agent = await k.createUser(company.company.id, { profile: 'user' });
    const [connection] = await k.db('whatsapps').insert({ companyId: company.company.id, name: 'Merge', channel: 'whatsapp', status: 'CONNECTED', token: `merge-${Date.now()}` }).returning('id');
    connectionId = connection.id;
  });
  afterAll(async () => {
    await k?.close();
  });

  let seq = 0;
  async function contactWithTicket(companyId: number, name: string, extra: Record<string, unknown> = {}) {
    seq++;
    const [contact] = await k.db('contacts').insert({ companyId, name, number: `5511970000${String(seq).padStart(3, '0')}`, channel: 'whatsapp', ...extra }).returning('*');
    return contact as { id: number; number: string };
  }

  async function activeTicket(contactId: number, body: string) {
    const [ticket] = await k.db('tickets').insert({ companyId: company.company.id, contactId, whatsappId: connectionId, status: 'pending', unreadMessages: 1 }).returning('id');
    await k.db('messages').insert({ companyId: company.company.id, ticketId: ticket.id, contactId, whatsappId: connectionId, body, fromMe: false, wid: `W-${body}` });
    await k.db('ticketNotes').insert({ companyId: company.company.id, ticketId: ticket.id, contactId, userId: company.admin.user.id, note: `nota ${body}` });
    return ticket.id as number;
  }

  it('previews what moves, then merges: tickets joined, messages, notes and tags on the kept contact, logged', async () => {
    const kept = await contactWithTicket(company.company.id, 'Maria');
    const dup = await contactWithTicket(company.company.id, 'Maria (outro número)', { email: 'maria@example.com' });
    const keptTicket = await activeTicket(kept.id, 'a');
    const dupTicket = await activeTicket(dup.id, 'b');
    const [closed] = await k.db('tickets').insert({ companyId: company.company.id, contactId: dup.id, whatsappId: connectionId, status: 'closed' }).returning('id');
    const [tag] = await k.db('tags').insert({ companyId: company.company.id, name: 'merge-vip', color: '#111' }).returning('id');
    await k.db('contactTags').insert({ companyId: company.company.id, contactId: dup.id, tagId: tag.id });

    const preview = await k.api('GET', `/contacts/${kept.id}/merge?otherId=${dup.id}`, { token: company.admin.token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.kept).toMatchObject({ id: kept.id, name: 'Maria' });
    expect(preview.body.merged).toMatchObject({ id: dup.id });
    expect(preview.body.moves).toEqual({ tickets: 2, joinedTickets: 1, messages: 1, tags: 1, notes: 1 });
    // A preview writes nothing.
    expect(await k.db('contacts').where({ id: dup.id }).first()).toBeTruthy();

    const merged = await k.api('POST', `/contacts/${kept.id}/merge`, { token: company.admin.token, body: { otherId: dup.id } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toMatchObject({ id: kept.id, name: 'Maria', email: 'maria@example.com', number: kept.number });
    expect(await k.db('contacts').where({ id: dup.id }).first()).toBeUndefined();
    const bodies = await k.db('messages').where({ ticketId: keptTicket }).orderBy('id').select('body', 'contactId');
    expect(bodies).toEqual([{ body: 'a', contactId: kept.id }, { body: 'b', contactId: kept.id }]);
    expect(await k.db('tickets').where({ id: keptTicket }).first('status', 'unreadMessages')).toEqual({ status: 'pending', unreadMessages: 2 });
    expect(await k.db('tickets').where({ id: dupTicket }).first('status', 'contactId')).toEqual({ status: 'closed', contactId: kept.id });
    expect(await k.db('tickets').where({ id: closed.id }).first('contactId')).toEqual({ contactId: kept.id });
    expect(await k.db('ticketNotes').where({ contactId: kept.id }).count({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(2);
    expect((await k.db('contactTags').where({ contactId: kept.id }).select('tagId')).map((r) => r.tagId)).toEqual([tag.id]);
    const log = await k.db('contactMerges').where({ keptContactId: kept.id }).first();
    expect(log).toMatchObject({ mergedContactId: dup.id, mergedName: 'Maria (outro número)', reason: 'manual', userId: company.admin.user.id });
    expect(log.moved).toEqual({ tickets: 2, joinedTickets: 1, messages: 1, tags: 1, notes: 1 });
  });

  it('keeps the kept contact\'s wallet owner and birthday, and takes the merged one\'s where it has none', async () => {
    const owner = await k.createUser(company.company.id, { profile: 'user' });
    const otherOwner = await k.createUser(company.company.id, { profile: 'user' });
    const bare = await contactWithTicket(company.company.id, 'Sem carteira');
    const rich = await contactWithTicket(company.company.id, 'Com carteira', { ownerUserId: owner.user.id, birthday: '1990-02-28' });
    const merged = await k.api('POST', `/contacts/${bare.id}/merge`, { token: company.admin.token, body: { otherId: rich.id } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const kept = await k.db('contacts').where({ id: bare.id }).first(k.db.raw("owner_user_id as \"ownerUserId\", to_char(birthday, 'YYYY-MM-DD') as birthday"));
    expect(kept).toEqual({ ownerUserId: owner.user.id, birthday: '1990-02-28' });

    const own = await contactWithTicket(company.company.id, 'Carteira própria', { ownerUserId: otherOwner.user.id });
    const again = await contactWithTicket(company.company.id, 'Outra carteira', { ownerUserId: owner.user.id });
    expect((await k.api('POST', `/contacts/${own.id}/merge`, { token: company.admin.token, body: { otherId: again.id } })).status).toBe(200);
    expect(await k.db('contacts').where({ id: own.id }).first('ownerUserId')).toEqual({ ownerUserId: otherOwner.user.id });
  });

  it('refuses: another company\'s contact (404), itself (400), another channel (400), a plain user (403); nothing changes', async () => {
    const mine = await contactWithTicket(company.company.id, 'Meu');
    const theirs = await contactWithTicket(other.company.id, 'Deles');
    const facebook = await contactWithTicket(company.company.id, 'Face', { channel: 'facebook' });
    const token = company.admin.token;
    for (const [method, path, body] of [
      ['GET', `/contacts/${mine.id}/merge?otherId=${theirs.id}`, undefined],
      ['POST', `/contacts/${mine.id}/merge`, { otherId: theirs.id }],
      ['POST', `/contacts/${theirs.id}/merge`, { otherId: mine.id }],
    ] as const) {
      const res = await k.api(method, path, { token, body });
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CONTACT_FOUND');
    }
    const same = await k.api('POST', `/contacts/${mine.id}/merge`, { token, body: { otherId: mine.id } });
    expect([same.status, same.body.error]).toEqual([400, 'ERR_CONTACT_MERGE_SAME']);
    const channel = await k.api('POST', `/contacts/${mine.id}/merge`, { token, body: { otherId: facebook.id } });
    expect([channel.status, channel.body.error]).toEqual([400, 'ERR_CONTACT_MERGE_CHANNEL']);
    const invalid = await k.api('POST', `/contacts/${mine.id}/merge`, { token, body: { otherId: 'x' } });
    expect([invalid.status, invalid.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const plain = await k.api('POST', `/contacts/${mine.id}/merge`, { token: agent.token, body: { otherId: facebook.id } });
    expect(plain.status).toBe(403);
    expect(await k.db('contacts').whereIn('id', [mine.id, theirs.id, facebook.id]).count({ n: '*' }).then((r) => Number(r[0]!.n))).toBe(3);
    expect(await k.db('contactMerges').whereIn('keptContactId', [mine.id, theirs.id])).toEqual([]);
  });
});
