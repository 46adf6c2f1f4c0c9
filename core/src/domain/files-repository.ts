import type { Knex } from 'knex';
import { FILE_LISTS_PAGE_SIZE, type FileList, type FileListOption, type FileListPage } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { Storage } from '../ports/types.js';

export const FILES_TABLE = 'files';
export const FILE_OPTIONS_TABLE = 'filesOptions';

type FileListRow = Omit<FileList, 'options'>;
type OptionRow = Omit<FileListOption, 'path'> & { companyId: number; path: string | null };

/** Stored paths stay in the database; the API answers the browser URL (docs/architecture.md, mediaUrl). */
function withOptions(storage: Storage, rows: FileListRow[], options: OptionRow[]): FileList[] {
  return rows.map((row) => ({
    ...row,
    options: options
      .filter((o) => o.fileId === row.id)
      .map(({ companyId: _c, ...o }) => ({ ...o, path: o.path ? storage.url(o.path) : null })),
  }));
}

async function optionsOf(db: Knex, companyId: number, fileIds: number[]): Promise<OptionRow[]> {
  if (!fileIds.length) return [];
  return db(FILE_OPTIONS_TABLE).where({ companyId }).whereIn('fileId', fileIds).orderBy('id').select('*');
}

/** GET /files: by name, a page of 20, with an optional name search. */
export async function listFileLists(db: Knex, storage: Storage, companyId: number, query: { searchParam?: string; pageNumber: number }): Promise<FileListPage> {
  const base = db(FILES_TABLE).where({ companyId });
  const search = query.searchParam?.trim();
  if (search) base.whereRaw('name ILIKE ?', [`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: FileListRow[] = await base
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .offset((query.pageNumber - 1) * FILE_LISTS_PAGE_SIZE)
    .limit(FILE_LISTS_PAGE_SIZE)
    .select('*');
  const files = withOptions(storage, rows, await optionsOf(db, companyId, rows.map((r) => r.id)));
  const total = Number(count);
  return { files, count: total, hasMore: query.pageNumber * FILE_LISTS_PAGE_SIZE < total };
}

export async function findFileList(db: Knex, storage: Storage, companyId: number, id: number): Promise<FileList> {
  const row: FileListRow | undefined = await db(FILES_TABLE).where({ companyId, id }).first();
  if (!row) throw new AppError('ERR_NOT_FOUND', 404);
  return withOptions(storage, [row], await optionsOf(db, companyId, [id]))[0];
}

/** The stored files of a list (what the bot sends), with their storage paths. */
export async function fileListForSending(db: Knex | Knex.Transaction, companyId: number, id: number) {
  const row: FileListRow | undefined = await db(FILES_TABLE).where({ companyId, id }).first();
  if (!row) return undefined;
  const options: OptionRow[] = await db(FILE_OPTIONS_TABLE).where({ companyId, fileId: id }).whereNotNull('path').orderBy('id').select('*');
  return { ...row, options };
}
