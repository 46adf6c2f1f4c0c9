import { z } from 'zod';
import { queueInputSchema, queueUpdateSchema, id, idParams } from '@guiche/contracts';
import type { Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { findQueue, listQueues } from './queues-query.js';
import { createQueue, deleteQueue, updateQueue } from './queues-write.js';

/** The old client sends companyId; the caller's own company is always the one used. */
const listQuery = z.object({ companyId: id.optional() });

/** Queues (outreach-config.md §2, §7): every member reads them, admins change them. */
export function registerQueueRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/queue', { schema: { querystring: listQuery, tags: ['queues'] } }, async (request) => listQueues(core.db, request.auth.companyId));

    scope.get('/queue/:id', { schema: { params: idParams, tags: ['queues'] } }, async (request) => findQueue(core.db, request.auth.companyId, request.params.id));

    scope.post('/queue', { onRequest: requireAdmin, schema: { body: queueInputSchema, tags: ['queues'] } }, async (request, reply) => {
      return reply.code(201).send(await createQueue(core, request.auth.companyId, request.body));
    });

    scope.put('/queue/:id', { onRequest: requireAdmin, schema: { params: idParams, body: queueUpdateSchema, tags: ['queues'] } }, async (request) => {
      return updateQueue(core, request.auth.companyId, request.params.id, request.body);
    });

    scope.delete('/queue/:id', { onRequest: requireAdmin, schema: { params: idParams, tags: ['queues'] } }, async (request, reply) => {
      await deleteQueue(core, request.auth.companyId, request.params.id);
      return reply.code(204).send();
    });
  });
}
