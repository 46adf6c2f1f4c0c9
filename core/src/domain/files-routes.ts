import { z } from 'zod';
import { Rooms, fileListEvent, fileListInputSchema, fileListsQuerySchema, fileListUpdateSchema, id, type FileList, type FileListInput } from '@guiche/contracts';
import type { Knex } from 'knex';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { FILE_OPTIONS_TABLE, FILES_TABLE, findFileList, listFileLists } from './files-repository.js';
import { removeStoredFiles, uploadFileList } from './files-upload.js';

const TAGS = ['files'];
const idParams = z.object({ id });

/**
 * Makes the list's entries exactly `options`: entries named by id are renamed, the others created,
 * the missing ones deleted. Answers the stored paths of the deleted entries (removed after commit).
 */
async function syncOptions(trx: Knex.Transaction, companyId: number, fileId: number, options: FileListInput['options']): Promise<string[]> {
  const existing: { id: number; path: string | null }[] = await trx(FILE_OPTIONS_TABLE).where({ companyId, fileId }).select('id', 'path');
  const known = new Set(existing.map((o) => o.id));
  const kept = new Set(options.map((o) => o.id).filter((oid): oid is number => oid !== undefined && known.has(oid)));
  const gone = existing.filter((o) => !kept.has(o.id));
  if (gone.length) await trx(FILE_OPTIONS_TABLE).whereIn('id', gone.map((o) => o.id)).delete();
  for (const option of options) {
    if (option.id !== undefined && known.has(option.id)) {
      await trx(FILE_OPTIONS_TABLE).where({ id: option.id }).update({ name: option.name, updatedAt: trx.fn.now() });
    } else {
      await trx(FILE_OPTIONS_TABLE).insert({ companyId, fileId, name: option.name });
    }
  }
  return gone.map((o) => o.path).filter((p): p is string => Boolean(p));
}

/** File lists (outreach-config.md §2, §3, §5, §7): every member reads them, admins change them. */
export function registerFileListRoutes(routes: Routes, core: CoreServices): void {
  const { db, storage } = core;
  const emit = (companyId: number, payload: Record<string, unknown>) => core.realtime.emit(Rooms.company(companyId), fileListEvent(companyId), payload);
  const announce = async (companyId: number, action: 'create' | 'update', fileId: number): Promise<FileList> => {
    const files = await findFileList(db, storage, companyId, fileId);
    emit(companyId, { action, files });
    return files;
  };

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/files', { schema: { querystring: fileListsQuerySchema, tags: TAGS } }, async (request) =>
      listFileLists(db, storage, request.auth.companyId, request.query),
    );

    scope.get('/files/:id', { schema: { params: idParams, tags: TAGS } }, async (request) =>
      findFileList(db, storage, request.auth.companyId, request.params.id),
    );

    scope.post('/files', { onRequest: requireAdmin, schema: { body: fileListInputSchema, tags: TAGS } }, async (request, reply) => {
      const { companyId, id: userId } = request.auth;
      const { options, ...fields } = request.body;
      const fileId = await db.transaction(async (trx) => {
        const [row] = await trx(FILES_TABLE).insert({ ...fields, companyId, userId }).returning('id');
        if (options.length) await trx(FILE_OPTIONS_TABLE).insert(options.map((o) => ({ companyId, fileId: row.id, name: o.name })));
        return row.id as number;
      });
      return reply.code(201).send(await announce(companyId, 'create', fileId));
    });

    scope.put('/files/:id', { onRequest: requireAdmin, schema: { params: idParams, body: fileListUpdateSchema, tags: TAGS } }, async (request) => {
      const { companyId } = request.auth;
      const { options, ...fields } = request.body;
      const removed = await db.transaction(async (trx) => {
        const row = await trx(FILES_TABLE).where({ companyId, id: request.params.id }).forUpdate().first('id');
        if (!row) throw new AppError('ERR_NOT_FOUND', 404);
        await trx(FILES_TABLE).where({ id: row.id }).update({ ...fields, updatedAt: trx.fn.now() });
        return options ? syncOptions(trx, companyId, row.id, options) : [];
      });
      await removeStoredFiles(core, removed);
      return announce(companyId, 'update', request.params.id);
    });

    scope.delete('/files/:id', { onRequest: requireAdmin, schema: { params: idParams, tags: TAGS } }, async (request, reply) => {
      const { companyId } = request.auth;
      const paths = await db.transaction(async (trx) => {
        const row = await trx(FILES_TABLE).where({ companyId, id: request.params.id }).forUpdate().first('id');
        if (!row) throw new AppError('ERR_NOT_FOUND', 404);
        const stored: { path: string | null }[] = await trx(FILE_OPTIONS_TABLE).where({ companyId, fileId: row.id }).select('path');
        await trx(FILES_TABLE).where({ id: row.id }).delete();
        return stored.map((o) => o.path);
      });
      await removeStoredFiles(core, paths);
      emit(companyId, { action: 'delete', fileId: request.params.id });
      return reply.code(204).send();
    });

    scope.post('/files/uploadList/:id', { onRequest: requireAdmin, schema: { params: idParams, tags: TAGS } }, async (request) => {
      await uploadFileList(core, request, request.auth.companyId, request.params.id);
      return announce(request.auth.companyId, 'update', request.params.id);
    });
  });
}
