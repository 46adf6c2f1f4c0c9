import { idParams as params, plantaoInputSchema } from '@guiche/contracts';
import { requireAdmin, type PluginContext } from '@guiche/core';
import type { PlantaoService } from './plantao-service.js';

const TAGS = ['plantao'];

/** outreach-config.md §7 On-call: the admin group only (inbox.md side menu). */
export function registerRoutes(ctx: PluginContext, plantoes: PlantaoService): void {
  const routes = ctx.routes;
  routes.get('/plantao', { onRequest: requireAdmin, schema: { tags: TAGS } }, (request) => plantoes.list(request.auth.companyId));
  routes.get('/plantao/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, (request) => plantoes.find(request.auth.companyId, request.params.id));
  routes.post('/plantao', { onRequest: requireAdmin, schema: { tags: TAGS, body: plantaoInputSchema } }, async (request, reply) =>
    reply.code(201).send(await plantoes.create(request.auth.companyId, request.body)),
  );
  routes.put('/plantao/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params, body: plantaoInputSchema } }, (request) =>
    plantoes.update(request.auth.companyId, request.params.id, request.body),
  );
  routes.delete('/plantao/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, async (request, reply) => {
    await plantoes.remove(request.auth.companyId, request.params.id);
    return reply.code(204).send();
  });
}
