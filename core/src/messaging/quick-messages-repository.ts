import type { Knex } from 'knex';
import { QUICK_MESSAGES_PAGE_SIZE, type QuickMessage } from '@guiche/contracts';
import type { AuthUser } from '../plugin-sdk/types.js';
import { isAdmin } from './ticket-access.js';

export const QUICK_MESSAGES_TABLE = 'quickMessages';
export const QUICK_MESSAGE_SHORTCODE_INDEX = 'quick_messages_company_shortcode_unique';

const COLUMNS = [
  'id', 'companyId', 'userId', 'shortcode', 'message', 'geral', 'status', 'isCategory', 'categoryId', 'isMedia', 'mediaPath', 'mediaName',
  'createdAt', 'updatedAt',
];

/** outreach-config.md §6: admins see every quick message of the company; a user the general ones and their own. */
export function visibleTo(query: Knex.QueryBuilder, auth: AuthUser): Knex.QueryBuilder {
  query.where({ companyId: auth.companyId });
  if (!isAdmin(auth)) query.where((q) => q.where({ geral: true }).orWhere({ userId: auth.id }));
  return query;
}

/** Admins change any quick message and set geral; a user only their own non-general ones. */
export function mayChange(auth: AuthUser, row: Pick<QuickMessage, 'userId' | 'geral'>): boolean {
  return isAdmin(auth) || (row.userId === auth.id && !row.geral);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findQuickMessage(db: Knex, auth: AuthUser, id: number): Promise<QuickMessage | undefined> {
  return visibleTo(db(QUICK_MESSAGES_TABLE).where({ id }), auth).first(COLUMNS);
}

/** The management list (GET /quick-messages): messages and categories, by shortcode, paged. */
export async function listQuickMessages(db: Knex, auth: AuthUser, query: { searchParam?: string; pageNumber: number }): Promise<{ records: QuickMessage[]; count: number; hasMore: boolean }> {
  const base = visibleTo(db(QUICK_MESSAGES_TABLE), auth);
  const search = query.searchParam?.trim();
  if (search) base.where((q) => q.whereILike('shortcode', `%${escapeLike(search)}%`).orWhereILike('message', `%${escapeLike(search)}%`));
  const [rows, total] = await Promise.all([
    base
      .clone()
      .orderByRaw('lower(shortcode), id')
      .limit(QUICK_MESSAGES_PAGE_SIZE + 1)
      .offset((query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE)
      .select(COLUMNS),
    base.clone().count({ count: '*' }).first(),
  ]);
  return { records: rows.slice(0, QUICK_MESSAGES_PAGE_SIZE), count: Number(total?.count ?? 0), hasMore: rows.length > QUICK_MESSAGES_PAGE_SIZE };
}

/** What the '/' suggestion offers: active messages (not categories) the caller may use, by shortcode. */
export async function suggestionList(db: Knex, auth: AuthUser, query: { searchParam?: string; categoryId?: number }): Promise<QuickMessage[]> {
  // Even an admin's suggestions are their own and the general ones: other agents' private texts are not theirs to send.
  const q = db(QUICK_MESSAGES_TABLE)
    .where({ companyId: auth.companyId, isCategory: false, status: true })
    .where((w) => w.where({ geral: true }).orWhere({ userId: auth.id }));
  const search = query.searchParam?.trim().replace(/^\//, '');
  if (search) q.whereILike('shortcode', `${escapeLike(search)}%`);
  if (query.categoryId) q.where({ categoryId: query.categoryId });
  return q.orderByRaw('lower(shortcode), id').limit(500).select(COLUMNS);
}

export async function listCategories(db: Knex, auth: AuthUser): Promise<QuickMessage[]> {
  return visibleTo(db(QUICK_MESSAGES_TABLE).where({ isCategory: true }), auth).orderByRaw('lower(shortcode), id').select(COLUMNS);
}

/** A category the caller may file a message under, or undefined. */
export async function findCategory(db: Knex, auth: AuthUser, id: number): Promise<QuickMessage | undefined> {
  return visibleTo(db(QUICK_MESSAGES_TABLE).where({ id, isCategory: true }), auth).first(COLUMNS);
}
