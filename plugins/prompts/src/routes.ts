import { requireAdmin, type PluginContext } from '@guiche/core';
import { promptInputSchema } from '@guiche/contracts';
import type { PromptEvents } from './events.js';
import type { PromptRepository } from './repository.js';
import { promptParamsSchema, promptsQuerySchema } from './schemas.js';

const TAGS = ['prompts'];

/** outreach-config.md §7 Prompts. Reading for every user of the company (queue dialogs list them); changes for admins. */
export function registerPromptRoutes(ctx: Pick<PluginContext, 'routes'>, repo: PromptRepository, events: PromptEvents): void {
  const { routes } = ctx;
  routes.get('/prompt', { schema: { tags: TAGS, querystring: promptsQuerySchema } }, (request) => repo.list(request.auth.companyId, request.query.searchParam, request.query.pageNumber));
  routes.get('/prompt/:id', { schema: { tags: TAGS, params: promptParamsSchema } }, (request) => repo.show(request.auth.companyId, request.params.id));
  routes.post('/prompt', { onRequest: requireAdmin, schema: { tags: TAGS, body: promptInputSchema } }, async (request, reply) => {
    const saved = await repo.create(request.auth.companyId, request.body);
    events.saved('create', saved);
    return reply.code(201).send(saved);
  });
  routes.put('/prompt/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params: promptParamsSchema, body: promptInputSchema } }, async (request) => {
    const saved = await repo.update(request.auth.companyId, request.params.id, request.body);
    events.saved('update', saved);
    return saved;
  });
  routes.delete('/prompt/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params: promptParamsSchema } }, async (request) => {
    await repo.remove(request.auth.companyId, request.params.id);
    events.removed(request.auth.companyId, request.params.id);
    return { message: 'Prompt deleted' };
  });
}
