import { z } from 'zod';
import { Events, Rooms, tagInputSchema, tagsListQuerySchema, tagsQuerySchema, tagSyncSchema, tagUpdateSchema, type Tag, id, idParams } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { emitContact } from './contact-events.js';
import { findContact, isUniqueViolation, tagsOfContacts } from './contact-repository.js';
import { allTags, findTag, listTags, setContactTags, TAG_NAME_INDEX, tagNameTaken } from './tag-repository.js';

const TAGS = ['tags'];
const contactParams = z.object({ contactId: id });

async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TAG_NAME_INDEX)) throw new AppError('ERR_DUPLICATED_TAG', 409);
    throw error;
  }
}

/** Tags are the company's shared vocabulary: every user lists and edits them (inbox.md §2: /tags for everyone). */
export function registerTagRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;
  const emitTag = (companyId: number, payload: { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number }) =>
    core.realtime.emit(Rooms.company(companyId), Events.tag(companyId), payload);
  const mustFind = async (companyId: number, id: number) => {
    const tag = await findTag(db, companyId, id);
    if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
    return tag;
  };

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.get('/tags', { schema: { tags: TAGS, querystring: tagsQuerySchema } }, async (request) => listTags(db, request.auth.companyId, request.query));

    scope.get('/tags/list', { schema: { tags: TAGS, querystring: tagsListQuerySchema } }, async (request) =>
      allTags(db, request.auth.companyId, request.query.kanban),
    );

    scope.get('/tags/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => mustFind(request.auth.companyId, request.params.id));

    scope.post('/tags', { schema: { tags: TAGS, body: tagInputSchema } }, async (request, reply) => {
      const { companyId, id: userId } = request.auth;
      if (await tagNameTaken(db, companyId, request.body.name)) throw new AppError('ERR_DUPLICATED_TAG', 409);
      const [row] = await guardName(() => db('tags').insert({ ...request.body, companyId, userId }).returning('id'));
      const tag = await mustFind(companyId, row.id);
      emitTag(companyId, { action: 'create', tag });
      return reply.code(201).send(tag);
    });

    scope.put('/tags/:id', { schema: { tags: TAGS, params: idParams, body: tagUpdateSchema } }, async (request) => {
      const { companyId } = request.auth;
      const { id } = request.params;
      await mustFind(companyId, id);
      if (request.body.name && (await tagNameTaken(db, companyId, request.body.name, id))) throw new AppError('ERR_DUPLICATED_TAG', 409);
      await guardName(() => db('tags').where({ id, companyId }).update({ ...request.body, updatedAt: db.fn.now() }));
      const tag = await mustFind(companyId, id);
      emitTag(companyId, { action: 'update', tag });
      return tag;
    });

    scope.delete('/tags/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const { companyId } = request.auth;
      const deleted = await db('tags').where({ id: request.params.id, companyId }).delete();
      if (!deleted) throw new AppError('ERR_NO_TAG_FOUND', 404);
      emitTag(companyId, { action: 'delete', tagId: request.params.id });
      return { message: 'Tag deleted' };
    });

    scope.post('/tags/sync', { schema: { tags: TAGS, body: tagSyncSchema } }, async (request) => {
      const { companyId } = request.auth;
      const { contactId } = request.body;
      const tagIds = [...new Set(request.body.tags)];
      await db.transaction(async (trx) => {
        // Locking the contact row serialises two syncs of the same contact.
        const contact = await trx('contacts').where({ id: contactId, companyId }).forUpdate().first('id');
        if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
        const owned = tagIds.length ? await trx('tags').where({ companyId }).whereIn('id', tagIds).pluck('id') : [];
        if (owned.length !== tagIds.length) throw new AppError('ERR_NO_TAG_FOUND', 404);
        await setContactTags(trx, companyId, contactId, tagIds);
      });
      const contact = await findContact(db, companyId, contactId);
      if (contact) await emitContact(core, companyId, 'update', contact);
      return { tags: contact?.tags ?? [] };
    });

    scope.get('/contactTags/:contactId', { schema: { tags: TAGS, params: contactParams } }, async (request) => {
      const { companyId } = request.auth;
      const { contactId } = request.params;
      const contact = await db('contacts').where({ id: contactId, companyId }).first('id');
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      const tags = await tagsOfContacts(db, companyId, [contactId]);
      return { tags: tags.get(contactId) ?? [] };
    });
  });
}
