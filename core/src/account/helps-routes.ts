import { HELPS_PAGE_SIZE, helpInputSchema, helpListQuery, helpUpdateSchema, idParams, youtubeCode } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireSuper } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';

const COLUMNS = ['id', 'title', 'description', 'video', 'createdAt', 'updatedAt'];

/**
 * Help videos (account-admin.md §7 Helps): every signed-in user reads them (the /helps page),
 * only super users write them (Settings → Helps). They belong to the platform, not to a company.
 */
export function registerHelpRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/helps', { schema: { querystring: helpListQuery, tags: ['helps'] } }, async (request) => {
      const { searchParam, pageNumber } = request.query;
      const query = core.db('helps');
      if (searchParam) {
        const like = `%${searchParam.toLowerCase()}%`;
        query.where((w) => w.whereRaw('lower(title) like ?', [like]).orWhereRaw('lower(coalesce(description, \'\')) like ?', [like]));
      }
      const [{ count }] = await query.clone().count({ count: '*' });
      const helps = await query.orderBy('id').limit(HELPS_PAGE_SIZE).offset((pageNumber - 1) * HELPS_PAGE_SIZE).select(COLUMNS);
      return { helps, count: Number(count), hasMore: Number(count) > pageNumber * HELPS_PAGE_SIZE };
    });

    scope.get('/helps/list', { schema: { tags: ['helps'] } }, async () => core.db('helps').orderBy('id').select(COLUMNS));

    scope.register(async (admin: Routes) => {
      admin.addHook('onRequest', requireSuper);

      admin.post('/helps', { schema: { body: helpInputSchema, tags: ['helps'] } }, async (request, reply) => {
        const { title, description, video } = request.body;
        const [row] = await core.db('helps').insert({ title, description: description ?? null, video: youtubeCode(video) }).returning(COLUMNS);
        return reply.code(201).send(row);
      });

      admin.put('/helps/:id', { schema: { params: idParams, body: helpUpdateSchema, tags: ['helps'] } }, async (request) => {
        const changes: Record<string, unknown> = { ...request.body, updatedAt: core.db.fn.now() };
        if (request.body.video !== undefined) changes.video = youtubeCode(request.body.video);
        const [row] = await core.db('helps').where({ id: request.params.id }).update(changes).returning(COLUMNS);
        if (!row) throw new AppError('ERR_NOT_FOUND', 404);
        return row;
      });

      admin.delete('/helps/:id', { schema: { params: idParams, tags: ['helps'] } }, async (request, reply) => {
        const deleted = await core.db('helps').where({ id: request.params.id }).delete();
        if (!deleted) throw new AppError('ERR_NOT_FOUND', 404);
        return reply.code(204).send();
      });
    });
  });
}
