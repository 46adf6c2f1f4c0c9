import { userInputSchema, userListQuerySchema, userUpdateSchema, idParams } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { listUsers, userWithQueues } from './users-query.js';
import { createUser, deleteUser, updateUser } from './users-write.js';
import { uploadProfileImage } from './users-media.js';


export function registerUserRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/users', { schema: { querystring: userListQuerySchema, tags: ['users'] } }, async (request) => {
      return listUsers(core.db, request.auth, request.query);
    });

    scope.get('/users/list', { schema: { tags: ['users'] } }, async (request) => {
      return core.db('users').where({ companyId: request.auth.companyId }).orderBy('name').select('id', 'name');
    });

    scope.get('/users/:id', { schema: { params: idParams, tags: ['users'] } }, async (request) => {
      const row = await core.db('users').where({ id: request.params.id, companyId: request.auth.companyId }).first();
      if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
      return userWithQueues(core.db, row);
    });

    scope.post('/users', { onRequest: requireAdmin, schema: { body: userInputSchema, tags: ['users'] } }, async (request, reply) => {
      return reply.code(201).send(await createUser(core, request.auth, request.body));
    });

    scope.put('/users/:id', { schema: { params: idParams, body: userUpdateSchema, tags: ['users'] } }, async (request) => {
      return updateUser(core, request.auth, request.params.id, request.body);
    });

    scope.delete('/users/:id', { onRequest: requireAdmin, schema: { params: idParams, tags: ['users'] } }, async (request, reply) => {
      await deleteUser(core, request.auth, request.params.id);
      return reply.code(204).send();
    });

    scope.post('/users/:id/media-upload', { schema: { params: idParams, tags: ['users'] } }, async (request) => {
      return uploadProfileImage(core, request, request.params.id);
    });
  });
}
