import { AppError, type AuthUser, type PluginContext } from '@guiche/core';
import type { Knex } from 'knex';
import type { Events } from './events.js';
import { PAGE_SIZE, type ContactListItemInput } from './schemas.js';

export const isAdmin = (auth: AuthUser) => auth.profile === 'admin' || auth.super;
export function mustBeAdmin(auth: AuthUser): void {
  if (!isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION', 403);
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

export interface ContactList {
  id: number;
  name: string;
  companyId: number;
  contactsCount: number;
}

type Ctx = Pick<PluginContext, 'db'>;

export function createContactLists(ctx: Ctx, events: Events) {
  const { db } = ctx;
  const withCount = (q: Knex.QueryBuilder) =>
    q.select('l.id', 'l.name', 'l.companyId', db.raw('(SELECT count(*)::int FROM contact_list_items i WHERE i.contact_list_id = l.id) AS "contactsCount"'));

  async function mustFind(companyId: number, id: number): Promise<ContactList> {
    const list = await withCount(db('contactLists as l').where({ 'l.id': id, 'l.companyId': companyId })).first();
    if (!list) throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 404);
    return list;
  }

  async function mustFindItem(companyId: number, id: number) {
    const item = await db('contactListItems').where({ id, companyId }).first();
    if (!item) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND', 404);
    return item;
  }

  return {
    mustFind,
    mustFindItem,
    async list(auth: AuthUser, query: { searchParam?: string; pageNumber: number }) {
      const q = withCount(db('contactLists as l').where('l.companyId', auth.companyId));
      if (query.searchParam?.trim()) q.whereRaw('lower(l.name) LIKE ?', [like(query.searchParam.trim())]);
      const rows = await q.orderBy('l.name').orderBy('l.id').limit(PAGE_SIZE + 1).offset((query.pageNumber - 1) * PAGE_SIZE);
      return { records: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
    },
    async all(auth: AuthUser) {
      return withCount(db('contactLists as l').where('l.companyId', auth.companyId)).orderBy('l.name');
    },
    async create(auth: AuthUser, name: string) {
      mustBeAdmin(auth);
      const [row] = await db('contactLists').insert({ companyId: auth.companyId, name }).returning('id');
      const list = await mustFind(auth.companyId, row.id);
      events.contactList(auth.companyId, 'create', list);
      return list;
    },
    async update(auth: AuthUser, id: number, name: string) {
      mustBeAdmin(auth);
      await mustFind(auth.companyId, id);
      await db('contactLists').where({ id, companyId: auth.companyId }).update({ name, updatedAt: db.fn.now() });
      const list = await mustFind(auth.companyId, id);
      events.contactList(auth.companyId, 'update', list);
      return list;
    },
    async remove(auth: AuthUser, id: number) {
      mustBeAdmin(auth);
      const list = await mustFind(auth.companyId, id);
      await db('contactLists').where({ id, companyId: auth.companyId }).delete();
      events.contactList(auth.companyId, 'delete', list);
    },
    async items(auth: AuthUser, query: { searchParam?: string; pageNumber: number; contactListId: number }) {
      await mustFind(auth.companyId, query.contactListId);
      const q = db('contactListItems').where({ companyId: auth.companyId, contactListId: query.contactListId });
      const s = query.searchParam?.trim();
      if (s) q.where((w) => w.whereRaw('lower(name) LIKE ?', [like(s)]).orWhere('number', 'like', like(s)).orWhereRaw('lower(email) LIKE ?', [like(s)]));
      const rows = await q.orderBy('name').orderBy('id').limit(PAGE_SIZE + 1).offset((query.pageNumber - 1) * PAGE_SIZE);
      return { contacts: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
    },
    async createItem(auth: AuthUser, input: ContactListItemInput) {
      mustBeAdmin(auth);
      await mustFind(auth.companyId, input.contactListId);
      const number = input.number.replace(/\D/g, '');
      const [row] = await db('contactListItems')
        .insert({ companyId: auth.companyId, contactListId: input.contactListId, name: input.name, number, email: input.email })
        .onConflict(['contactListId', 'number'])
        .ignore()
        .returning('*');
      if (!row) throw new AppError('ERR_DUPLICATED_CONTACT', 400);
      events.items(auth.companyId, input.contactListId, { action: 'create', record: row });
      return row;
    },
    async updateItem(auth: AuthUser, id: number, input: ContactListItemInput) {
      mustBeAdmin(auth);
      const item = await mustFindItem(auth.companyId, id);
      const number = input.number.replace(/\D/g, '');
      const clash = await db('contactListItems').where({ contactListId: item.contactListId, number }).whereNot({ id }).first('id');
      if (clash) throw new AppError('ERR_DUPLICATED_CONTACT', 400);
      const [row] = await db('contactListItems')
        .where({ id })
        .update({ name: input.name, number, email: input.email, ...(number !== item.number ? { isWhatsappValid: null } : {}), updatedAt: db.fn.now() })
        .returning('*');
      events.items(auth.companyId, item.contactListId, { action: 'update', record: row });
      return row;
    },
    async removeItem(auth: AuthUser, id: number) {
      mustBeAdmin(auth);
      const item = await mustFindItem(auth.companyId, id);
      await db('contactListItems').where({ id }).delete();
      events.items(auth.companyId, item.contactListId, { action: 'delete', id });
    },
  };
}
export type ContactLists = ReturnType<typeof createContactLists>;
