import type { PluginContext } from '@guiche/core';
import type { KanbanService } from './kanban-service.js';
import { kanbanMoveSchema, kanbanQuerySchema } from './schemas.js';

const TAGS = ['kanban'];

export function registerKanbanRoutes(routes: PluginContext['routes'], kanban: KanbanService): void {
  routes.get('/ticket/kanban', { schema: { tags: TAGS, querystring: kanbanQuerySchema } }, (request) => kanban.list(request.auth, request.query));

  routes.get('/ticket/kanban/counts', { schema: { tags: TAGS } }, (request) => kanban.counts(request.auth.companyId));

  routes.post('/ticket/kanban/move', { schema: { tags: TAGS, body: kanbanMoveSchema } }, (request) => kanban.move(request.auth, request.body));
}
