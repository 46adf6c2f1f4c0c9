import { definePlugin } from '@guiche/core';
import { defineResume, FLOW_HANDLER, flowHandler, flowStarter } from './conversation.js';
import { createFlowService } from './flows.js';
import { registerRoutes } from './routes.js';
import { createTriggerCache } from './trigger-cache.js';
import { createTriggerService } from './triggers.js';

export default definePlugin({
  id: 'flow-builder',
  kind: 'module',
  planFlag: 'useFlowBuilder',
  migrations: 'migrations',
  webModule: 'flow-builder',
  register(ctx) {
    const triggers = createTriggerCache(ctx);
    registerRoutes(ctx, createFlowService(ctx.db, triggers), createTriggerService(ctx, triggers));
    ctx.bot.registerHandler(FLOW_HANDLER, flowHandler(ctx), { planFlag: 'useFlowBuilder' });
    ctx.bot.registerStarter(flowStarter(triggers), { planFlag: 'useFlowBuilder' });
    defineResume(ctx);
  },
});
