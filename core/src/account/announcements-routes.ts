import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ANNOUNCEMENT_MEDIA_TYPES,
  ANNOUNCEMENTS_PAGE_SIZE,
  announcementEvent,
  announcementInputSchema,
  announcementListQuery,
  announcementUpdateSchema,
  idParams,
  Rooms,
  type Announcement,
  type AnnouncementEventPayload,
} from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireSuper } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { storeSingleUpload } from '../http/single-upload.js';

const COLUMNS = ['id', 'title', 'text', 'priority', 'status', 'mediaPath', 'mediaName', 'createdAt', 'updatedAt'];
const notFound = () => new AppError('ERR_NOT_FOUND', 404);

/** A platform announcement reaches the users of every company (company-{id}-announcement). */
async function broadcast(core: CoreServices, payload: AnnouncementEventPayload): Promise<void> {
  const companies: number[] = (await core.db('companies').whereNull('deletingSince').pluck('id')).map(Number);
  for (const id of companies) core.realtime.emit(Rooms.company(id), announcementEvent(id), payload);
}

async function announcement(core: CoreServices, id: number): Promise<Announcement> {
  const row = await core.db('announcements').where({ id }).first(COLUMNS);
  if (!row) throw notFound();
  return row;
}

/** POST /announcements/{id}/media-upload (multipart file; typeArch is ignored): one .png/.jpg/.jpeg image. */
async function uploadMedia(core: CoreServices, request: FastifyRequest, id: number): Promise<Announcement> {
  const current = await announcement(core, id);
  const stored = await storeSingleUpload(core.storage, request, {
    companyId: request.auth.companyId,
    folder: 'announcements',
    maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES,
    message: 'validation.imageRequired',
    accepts: ({ filename, mimetype }) => ANNOUNCEMENT_MEDIA_TYPES[path.extname(filename).toLowerCase()] === mimetype,
  });
  await core.db('announcements').where({ id }).update({ mediaPath: stored.path, mediaName: stored.name, updatedAt: core.db.fn.now() });
  if (current.mediaPath) await core.storage.remove(current.mediaPath).catch(() => undefined);
  return announcement(core, id);
}

/**
 * Announcements (outreach-config.md Announcements, §7): super users write them; every signed-in
 * user lists the active ones (the top-bar popover), highest priority then newest first.
 */
export function registerAnnouncementRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/announcements/', { schema: { querystring: announcementListQuery, tags: ['announcements'] } }, async (request) => {
      const { searchParam, pageNumber } = request.query;
      const query = core.db('announcements');
      // Anyone but a super user sees only what is published.
      if (!request.auth.super) query.where({ status: true });
      if (searchParam) {
        const like = `%${searchParam.toLowerCase()}%`;
        query.where((w) => w.whereRaw('lower(title) like ?', [like]).orWhereRaw('lower(text) like ?', [like]));
      }
      const [{ count }] = await query.clone().count({ count: '*' });
      const records = await query.orderBy('priority').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(ANNOUNCEMENTS_PAGE_SIZE).offset((pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE).select(COLUMNS);
      return { records, count: Number(count), hasMore: Number(count) > pageNumber * ANNOUNCEMENTS_PAGE_SIZE };
    });

    scope.register(async (admin: Routes) => {
      admin.addHook('onRequest', requireSuper);

      admin.get('/announcements/:id', { schema: { params: idParams, tags: ['announcements'] } }, async (request) => announcement(core, request.params.id));

      admin.post('/announcements', { schema: { body: announcementInputSchema, tags: ['announcements'] } }, async (request, reply) => {
        const [row] = await core.db('announcements').insert({ ...request.body, companyId: request.auth.companyId }).returning(COLUMNS);
        await broadcast(core, { action: 'create', record: row });
        return reply.code(201).send(row);
      });

      admin.put('/announcements/:id', { schema: { params: idParams, body: announcementUpdateSchema, tags: ['announcements'] } }, async (request) => {
        const [row] = await core.db('announcements').where({ id: request.params.id }).update({ ...request.body, updatedAt: core.db.fn.now() }).returning(COLUMNS);
        if (!row) throw notFound();
        await broadcast(core, { action: 'update', record: row });
        return row;
      });

      admin.delete('/announcements/:id', { schema: { params: idParams, tags: ['announcements'] } }, async (request, reply) => {
        const [row] = await core.db('announcements').where({ id: request.params.id }).delete().returning(['id', 'mediaPath']);
        if (!row) throw notFound();
        if (row.mediaPath) await core.storage.remove(row.mediaPath).catch(() => undefined);
        await broadcast(core, { action: 'delete', id: row.id });
        return reply.code(204).send();
      });

      admin.post('/announcements/:id/media-upload', { schema: { params: idParams, tags: ['announcements'] } }, async (request) => {
        const row = await uploadMedia(core, request, request.params.id);
        await broadcast(core, { action: 'update', record: row });
        return row;
      });

      admin.delete('/announcements/:id/media-upload', { schema: { params: idParams, tags: ['announcements'] } }, async (request) => {
        const current = await announcement(core, request.params.id);
        if (current.mediaPath) await core.storage.remove(current.mediaPath).catch(() => undefined);
        const [row] = await core.db('announcements').where({ id: current.id }).update({ mediaPath: null, mediaName: null, updatedAt: core.db.fn.now() }).returning(COLUMNS);
        await broadcast(core, { action: 'update', record: row });
        return row;
      });
    });
  });
}
