import { definePlugin } from '@guiche/core';
import { createKanbanService } from './kanban-service.js';
import { registerKanbanRoutes } from './routes.js';

export default definePlugin({
  id: 'kanban',
  kind: 'module',
  planFlag: 'useKanban',
  webModule: 'kanban',
  register(ctx) {
    registerKanbanRoutes(ctx.routes, createKanbanService(ctx));
  },
});
