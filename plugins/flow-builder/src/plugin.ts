import { definePlugin } from '@guiche/core';
import { defineResume, FLOW_HANDLER, flowHandler, flowStarter } from './conversation.js';
import { createFlowService } from './flows.js';
import { registerRoutes } from './routes.js';
import { createTriggerService } from './triggers.js';

export default definePlugin({
  id: 'flow-builder',
  kind: 'module',
  planFlag: 'useFlowBuilder',
  migrations: 'migrations',
  webModule: 'flow-builder',
  register(ctx) {
    registerRoutes(ctx, createFlowService(ctx.db), createTriggerService(ctx));
    ctx.bot.registerHandler(FLOW_HANDLER, flowHandler(ctx), { planFlag: 'useFlowBuilder' });
    ctx.bot.registerStarter(flowStarter, { planFlag: 'useFlowBuilder' });
    defineResume(ctx);
  },
});
