import { definePlugin } from '@guiche/core';
import { createFlowService } from './flows.js';
import { registerRoutes } from './routes.js';

export default definePlugin({
  id: 'flow-builder',
  kind: 'module',
  planFlag: 'useFlowBuilder',
  migrations: 'migrations',
  register(ctx) {
    registerRoutes(ctx, createFlowService(ctx.db));
  },
});
