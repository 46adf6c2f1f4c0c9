import { MessagesApiV, quickMessageInputSchema, quickMessagesListQuerySchema, quickMessagesQuerySchema, quickMessageUpdateSchema, type QuickMessage, idParams } from '@guiche/contracts';
import { AppError, type AuthUser, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { isUniqueViolation } from '../contacts/contact-repository.js';
import { isAdmin } from './ticket-access.js';
import { emitQuickMessage, emitQuickMessageDeleted } from './quick-messages-events.js';
import { attachQuickMessageMedia, detachQuickMessageMedia, removeStoredFile } from './quick-messages-media.js';
import {
  QUICK_MESSAGE_SHORTCODE_INDEX,
  QUICK_MESSAGES_TABLE,
  findCategory,
  findQuickMessage,
  listCategories,
  listQuickMessages,
  mayChange,
  suggestionList,
} from './quick-messages-repository.js';

const TAGS = ['quick-messages'];

const invalid = (field: string, message: string, status = 400) => new AppError('ERR_VALIDATION', status, { issues: [{ path: [field], message }] });
const shortcodeTaken = () => invalid('shortcode', MessagesApiV.quickMessageShortcodeTaken, 409);

async function guardShortcode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, QUICK_MESSAGE_SHORTCODE_INDEX)) throw shortcodeTaken();
    throw error;
  }
}

/** Quick messages (outreach-config.md §2, §3, §5, §6, §7) and the '/' suggestion of the message input (inbox.md §7). */
export function registerQuickMessageRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;

  const mustFind = async (auth: AuthUser, id: number): Promise<QuickMessage> => {
    const row = await findQuickMessage(db, auth, id);
    if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND', 404);
    return row;
  };
  const mustChange = async (auth: AuthUser, id: number): Promise<QuickMessage> => {
    const row = await mustFind(auth, id);
    if (!mayChange(auth, row)) throw new AppError('ERR_NO_PERMISSION', 403);
    return row;
  };
  const checkCategory = async (auth: AuthUser, categoryId: number | null | undefined, selfId?: number) => {
    if (!categoryId) return;
    if (categoryId === selfId || !(await findCategory(db, auth, categoryId))) throw invalid('categoryId', MessagesApiV.quickMessageCategory);
  };
  const shortcodeInUse = async (companyId: number, isCategory: boolean, shortcode: string, exceptId?: number) => {
    const q = db(QUICK_MESSAGES_TABLE).where({ companyId, isCategory }).whereRaw('lower(shortcode) = lower(?)', [shortcode]);
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q.first('id'));
  };

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/quick-messages', { schema: { tags: TAGS, querystring: quickMessagesQuerySchema } }, async (request) =>
      listQuickMessages(db, request.auth, request.query),
    );

    scope.get('/quick-messages/list', { schema: { tags: TAGS, querystring: quickMessagesListQuerySchema } }, async (request) =>
      suggestionList(db, request.auth, request.query),
    );

    scope.get('/quick-messages/categoriesMessages', { schema: { tags: TAGS } }, async (request) => listCategories(db, request.auth));

    scope.get('/quick-messages/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => mustFind(request.auth, request.params.id));

    scope.post('/quick-messages', { schema: { tags: TAGS, body: quickMessageInputSchema } }, async (request, reply) => {
      const { auth } = request;
      const input = request.body;
      if (input.geral && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION', 403);
      const categoryId = input.isCategory ? null : (input.categoryId ?? null);
      await checkCategory(auth, categoryId);
      if (await shortcodeInUse(auth.companyId, input.isCategory, input.shortcode)) throw shortcodeTaken();
      const [row] = await guardShortcode(() =>
        db(QUICK_MESSAGES_TABLE).insert({ ...input, categoryId, companyId: auth.companyId, userId: auth.id }).returning('id'),
      );
      const record = await mustFind(auth, row.id);
      emitQuickMessage(core, 'create', record);
      return reply.code(201).send(record);
    });

    scope.put('/quick-messages/:id', { schema: { tags: TAGS, params: idParams, body: quickMessageUpdateSchema } }, async (request) => {
      const { auth } = request;
      const before = await mustChange(auth, request.params.id);
      const input = request.body;
      if (input.geral && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION', 403);
      if (before.isCategory) input.categoryId = null;
      else await checkCategory(auth, input.categoryId, before.id);
      if (input.shortcode && (await shortcodeInUse(auth.companyId, before.isCategory, input.shortcode, before.id))) throw shortcodeTaken();
      await guardShortcode(() => db(QUICK_MESSAGES_TABLE).where({ id: before.id, companyId: auth.companyId }).update({ ...input, updatedAt: db.fn.now() }));
      const record = await mustFind(auth, before.id);
      emitQuickMessage(core, 'update', record, before);
      return record;
    });

    scope.delete('/quick-messages/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const row = await mustChange(request.auth, request.params.id);
      await db(QUICK_MESSAGES_TABLE).where({ id: row.id, companyId: row.companyId }).delete();
      await removeStoredFile(core, row.mediaPath);
      emitQuickMessageDeleted(core, row);
      return { message: 'Quick message deleted' };
    });

    scope.post('/quick-messages/:id/media-upload', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const row = await mustChange(request.auth, request.params.id);
      await attachQuickMessageMedia(core, request, row);
      const record = await mustFind(request.auth, row.id);
      emitQuickMessage(core, 'update', record);
      return record;
    });

    scope.delete('/quick-messages/:id/media-upload', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const row = await mustChange(request.auth, request.params.id);
      await detachQuickMessageMedia(core, row);
      const record = await mustFind(request.auth, row.id);
      emitQuickMessage(core, 'update', record);
      return record;
    });
  });
}
