import { z } from 'zod';
import { Events, Rooms, userUpdateSchema } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import { hashPassword } from '../auth/password.js';
import type { CoreServices } from '../services.js';
import { publicUser } from './users.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Fields only an admin may change, on anyone (account-admin.md §2 user dialog). */
const adminOnlyFields = ['profile', 'queueIds', 'whatsappId', 'startWork', 'endWork', 'allTicket', 'allowGroup', 'showDashboard', 'allowRealTime', 'allowConnections'] as const;

export function registerUserRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/users/list', { schema: { tags: ['users'] } }, async (request) => {
      return core.db('users').where({ companyId: request.auth.companyId }).orderBy('name').select('id', 'name');
    });

    scope.get('/users/:id', { schema: { params: idParams, tags: ['users'] } }, async (request) => {
      const row = await core.db('users').where({ id: request.params.id, companyId: request.auth.companyId }).first();
      if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
      const queues = await core.db('queues')
        .join('userQueues', 'userQueues.queueId', 'queues.id')
        .where('userQueues.userId', row.id)
        .select('queues.id', 'queues.name', 'queues.color');
      return { ...publicUser(row), queues };
    });

    scope.put('/users/:id', { schema: { params: idParams, body: userUpdateSchema, tags: ['users'] } }, async (request) => {
      const { auth } = request;
      const isAdmin = auth.profile === 'admin' || auth.super;
      if (!isAdmin && auth.id !== request.params.id) throw new AppError('ERR_NO_PERMISSION', 403);
      const target = await core.db('users').where({ id: request.params.id, companyId: auth.companyId }).first('id');
      if (!target) throw new AppError('ERR_NO_USER_FOUND', 404);

      const { password, queueIds, ...fields } = request.body;
      if (!isAdmin) {
        const forbidden = adminOnlyFields.filter((f) => request.body[f] !== undefined);
        if (forbidden.length) throw new AppError('ERR_NO_PERMISSION', 403, { fields: forbidden });
      }
      if (fields.email) {
        const taken = await core.db('users').whereRaw('lower(email) = lower(?)', [fields.email]).whereNot({ id: target.id }).first('id');
        if (taken) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
      }
      if (queueIds) {
        const owned = await core.db('queues').where({ companyId: auth.companyId }).whereIn('id', queueIds).pluck('id');
        if (owned.length !== new Set(queueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND', 400);
      }
      const changes: Record<string, unknown> = { ...fields, updatedAt: core.db.fn.now() };
      if (password) changes.passwordHash = await hashPassword(password);

      await core.db.transaction(async (trx) => {
        await trx('users').where({ id: target.id }).update(changes);
        if (queueIds) {
          await trx('userQueues').where({ userId: target.id }).delete();
          if (queueIds.length) {
            await trx('userQueues').insert([...new Set(queueIds)].map((queueId) => ({ userId: target.id, queueId, companyId: auth.companyId })));
          }
        }
      });
      const row = await core.db('users').where({ id: target.id }).first();
      const user = publicUser(row);
      core.realtime.emit(Rooms.companyAdmins(auth.companyId), Events.user(auth.companyId), { action: 'update', user });
      core.realtime.emit(Rooms.user(target.id), Events.user(auth.companyId), { action: 'update', user });
      return user;
    });
  });
}
