import type { Knex } from 'knex';
import { TAGS_PAGE_SIZE, type Tag } from '@guiche/contracts';

const TAG_COLUMNS = ['tags.id', 'tags.name', 'tags.color', 'tags.kanban', 'tags.userId', 'tags.createdAt', 'tags.updatedAt'];
export const TAG_NAME_INDEX = 'tags_company_name_unique';

/** contactsCount per tag, from the (company_id, tag_id, contact_id) index. */
async function withCounts(db: Knex, companyId: number, tags: Tag[]): Promise<Tag[]> {
  if (!tags.length) return tags;
  const rows: { tagId: number; count: string | number }[] = await db('contactTags')
    .where({ companyId })
    .whereIn('tagId', tags.map((t) => t.id))
    .groupBy('tagId')
    .select('tagId')
    .count({ count: '*' });
  const counts = new Map(rows.map((r) => [r.tagId, Number(r.count)]));
  return tags.map((t) => ({ ...t, contactsCount: counts.get(t.id) ?? 0 }));
}

export async function listTags(db: Knex, companyId: number, query: { searchParam?: string; pageNumber: number; kanban?: boolean }): Promise<{ tags: Tag[]; hasMore: boolean }> {
  const q = db('tags').where({ companyId });
  const search = query.searchParam?.trim();
  if (search) q.whereILike('name', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (query.kanban !== undefined) q.where({ kanban: query.kanban });
  const rows: Tag[] = await q
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .limit(TAGS_PAGE_SIZE + 1)
    .offset((query.pageNumber - 1) * TAGS_PAGE_SIZE)
    .select(TAG_COLUMNS);
  return { tags: await withCounts(db, companyId, rows.slice(0, TAGS_PAGE_SIZE)), hasMore: rows.length > TAGS_PAGE_SIZE };
}

export async function allTags(db: Knex, companyId: number, kanban?: boolean): Promise<Tag[]> {
  const q = db('tags').where({ companyId });
  if (kanban !== undefined) q.where({ kanban });
  return q.orderBy([{ column: 'name' }, { column: 'id' }]).select(TAG_COLUMNS);
}

export async function findTag(db: Knex, companyId: number, id: number): Promise<Tag | null> {
  const row: Tag | undefined = await db('tags').where({ id, companyId }).first(...TAG_COLUMNS);
  if (!row) return null;
  const [tag] = await withCounts(db, companyId, [row]);
  return tag;
}

export async function tagNameTaken(db: Knex, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const q = db('tags').where({ companyId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

/** Replaces the contact's tags with exactly these (already checked to be the company's). */
export async function setContactTags(trx: Knex, companyId: number, contactId: number, tagIds: number[]): Promise<void> {
  await trx('contactTags').where({ companyId, contactId }).delete();
  if (tagIds.length) await trx('contactTags').insert(tagIds.map((tagId) => ({ companyId, contactId, tagId })));
}
