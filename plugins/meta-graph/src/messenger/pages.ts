import type { Knex } from 'knex';
import { decryptSecret, encryptSecret } from '../secrets.js';

/**
 * A Facebook page or an Instagram business account linked to a connection (table meta_pages,
 * created by @guiche/plugin-channel-facebook's migration; Instagram connections use it too).
 */
export type MessengerKind = 'facebook' | 'instagram';

export interface MetaPage {
  connectionId: number;
  companyId: number;
  kind: MessengerKind;
  /** The page id (facebook) or the Instagram business account id (instagram): entry.id in webhooks. */
  metaId: string;
  pageId: string;
  name: string;
  pageToken: string;
  lastError: string | null;
}

export const PAGES_TABLE = 'metaPages';

function decode(row: Record<string, any>): MetaPage {
  return {
    connectionId: row.connectionId,
    companyId: row.companyId,
    kind: row.kind,
    metaId: row.metaId,
    pageId: row.pageId,
    name: row.name,
    pageToken: decryptSecret(row.pageToken),
    lastError: row.lastError ?? null,
  };
}

export async function loadPage(db: Knex, connectionId: number): Promise<MetaPage | null> {
  const row = await db(PAGES_TABLE).where({ connectionId }).first();
  return row ? decode(row) : null;
}

/** The connections a webhook entry is for (one per company that linked that page or account). */
export async function pagesByMetaId(db: Knex, kind: MessengerKind, metaId: string): Promise<MetaPage[]> {
  return (await db(PAGES_TABLE).where({ kind, metaId })).map(decode);
}

export async function savePage(db: Knex, page: Omit<MetaPage, 'lastError'>): Promise<void> {
  await db(PAGES_TABLE)
    .insert({ ...page, pageToken: encryptSecret(page.pageToken), lastError: null, updatedAt: db.fn.now() })
    .onConflict('connectionId')
    .merge();
}

export async function setPageError(db: Knex, connectionId: number, error: string | null): Promise<void> {
  await db(PAGES_TABLE).where({ connectionId }).update({ lastError: error?.slice(0, 500) ?? null, updatedAt: db.fn.now() });
}

/** The company's connection already linked to this page/account, if any (a second login updates it). */
export async function connectionOfPage(db: Knex, companyId: number, kind: MessengerKind, metaId: string): Promise<number | null> {
  const row = await db(PAGES_TABLE).where({ companyId, kind, metaId }).first('connectionId');
  return row?.connectionId ?? null;
}
