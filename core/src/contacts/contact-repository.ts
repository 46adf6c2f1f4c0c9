import type { Knex } from 'knex';
import { CONTACTS_PAGE_SIZE, type Contact, type ContactChannel, type ContactExtraInfo, type Tag } from '@guiche/contracts';

/** Columns a contact is answered with (never internal ones such as lid). */
const CONTACT_COLUMNS = [
  'id', 'name', 'number', 'email', 'profilePicUrl', 'urlPicture', 'active', 'disableBot', 'acceptAudioMessage',
  'lgpdAcceptedAt', 'channel', 'isGroup', 'companyId', 'remoteJid', 'lastMessageAt', 'createdAt', 'updatedAt',
  'ownerUserId', 'birthday',
].map((c) => `contacts.${c}`);

type ContactRow = Omit<Contact, 'tags' | 'extraInfo'>;
type TagSummary = Contact['tags'][number];

export interface ContactFilter {
  companyId: number;
  searchParam?: string;
  /** When the viewer sees masked numbers, a search matches a number only by the whole of it. */
  numberSearch: 'partial' | 'exact';
  tagIds?: number[];
  channel?: ContactChannel;
  isGroup?: boolean;
  ownerUserId?: number;
}

export function isUniqueViolation(error: unknown, index: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === index;
}
export const CONTACT_NUMBER_INDEX = 'contacts_company_channel_number_unique';

function applyFilter(query: Knex.QueryBuilder, db: Knex, filter: ContactFilter): Knex.QueryBuilder {
  query.where('contacts.companyId', filter.companyId);
  if (filter.channel) query.where('contacts.channel', filter.channel);
  if (filter.isGroup !== undefined) query.where('contacts.isGroup', filter.isGroup);
  if (filter.ownerUserId !== undefined) query.where('contacts.ownerUserId', filter.ownerUserId);
  const search = filter.searchParam?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = search.replace(/\D/g, '');
    query.where((q) => {
      q.whereILike('contacts.name', like).orWhereILike('contacts.email', like);
      if (filter.numberSearch === 'partial') q.orWhereILike('contacts.number', like);
      else if (digits.length >= 8) q.orWhere('contacts.number', digits);
    });
  }
  if (filter.tagIds?.length) {
    const tagIds = filter.tagIds;
    query.whereExists(
      db('contactTags')
        .select(db.raw('1'))
        .whereRaw('contact_tags.contact_id = contacts.id')
        .where('contactTags.companyId', filter.companyId)
        .whereIn('contactTags.tagId', tagIds),
    );
  }
  return query;
}

export async function tagsOfContacts(db: Knex, companyId: number, contactIds: number[]): Promise<Map<number, TagSummary[]>> {
  const result = new Map<number, TagSummary[]>(contactIds.map((id) => [id, []]));
  if (!contactIds.length) return result;
  const rows: (TagSummary & { contactId: number })[] = await db('contactTags')
    .join('tags', 'tags.id', 'contactTags.tagId')
    .where('contactTags.companyId', companyId)
    .whereIn('contactTags.contactId', contactIds)
    .orderBy('tags.name')
    .select('contactTags.contactId', 'tags.id', 'tags.name', 'tags.color', 'tags.kanban');
  for (const { contactId, ...tag } of rows) result.get(contactId)?.push(tag);
  return result;
}

async function withTags(db: Knex, companyId: number, rows: ContactRow[]): Promise<Contact[]> {
  const tags = await tagsOfContacts(db, companyId, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
}

/** One page of the contacts list ordered by name, backed by the (company_id, name, id) index. */
export async function listContacts(db: Knex, filter: ContactFilter, pageNumber: number): Promise<{ contacts: Contact[]; count: number; hasMore: boolean }> {
  const rows: ContactRow[] = await applyFilter(db('contacts'), db, filter)
    .orderBy([{ column: 'contacts.name' }, { column: 'contacts.id' }])
    .limit(CONTACTS_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * CONTACTS_PAGE_SIZE)
    .select(CONTACT_COLUMNS);
  const [{ count }] = await applyFilter(db('contacts'), db, filter).count({ count: '*' });
  const page = rows.slice(0, CONTACTS_PAGE_SIZE);
  return { contacts: await withTags(db, filter.companyId, page), count: Number(count), hasMore: rows.length > CONTACTS_PAGE_SIZE };
}

/** Short list for pickers (new ticket, schedules): the first matches by name. */
export async function listContactsBrief(db: Knex, filter: ContactFilter, limit: number): Promise<Pick<Contact, 'id' | 'name' | 'number' | 'email' | 'channel' | 'isGroup' | 'profilePicUrl'>[]> {
  return applyFilter(db('contacts'), db, filter)
    .orderBy([{ column: 'contacts.name' }, { column: 'contacts.id' }])
    .limit(limit)
    .select('contacts.id', 'contacts.name', 'contacts.number', 'contacts.email', 'contacts.channel', 'contacts.isGroup', 'contacts.profilePicUrl');
}

/** Every matching contact, in batches by id, for the export. */
export async function* contactsForExport(db: Knex, filter: ContactFilter, batch = 1000): AsyncGenerator<Contact[]> {
  let afterId = 0;
  for (;;) {
    const rows: ContactRow[] = await applyFilter(db('contacts'), db, filter)
      .where('contacts.id', '>', afterId)
      .orderBy('contacts.id')
      .limit(batch)
      .select(CONTACT_COLUMNS);
    if (!rows.length) return;
    yield await withTags(db, filter.companyId, rows);
    afterId = rows[rows.length - 1].id;
  }
}

export async function findContact(db: Knex, companyId: number, id: number): Promise<Contact | null> {
  const row: ContactRow | undefined = await db('contacts').where({ 'contacts.id': id, 'contacts.companyId': companyId }).first(...CONTACT_COLUMNS);
  if (!row) return null;
  const [contact] = await withTags(db, companyId, [row]);
  const extraInfo: ContactExtraInfo[] = await db('contactCustomFields').where({ contactId: id, companyId }).orderBy('id').select('id', 'name', 'value');
  return { ...contact, extraInfo };
}

export async function findByNumber(db: Knex, companyId: number, channel: ContactChannel, number: string): Promise<{ id: number } | undefined> {
  return db('contacts').where({ companyId, channel, number }).first('id');
}

export async function replaceExtraInfo(trx: Knex, companyId: number, contactId: number, fields: { name: string; value: string }[]): Promise<void> {
  await trx('contactCustomFields').where({ companyId, contactId }).delete();
  if (fields.length) await trx('contactCustomFields').insert(fields.map((f) => ({ companyId, contactId, name: f.name, value: f.value })));
}

export type { TagSummary, Tag };
