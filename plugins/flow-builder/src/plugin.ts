import { definePlugin, secretBox, type PluginDefinition } from '@guiche/core';
import { defineCampaignReplies } from './campaign-replies.js';
import { defineResume, FLOW_HANDLER, flowHandler, flowStarter } from './conversation.js';
import { createFlowService } from './flows.js';
import { defineHttpCalls } from './http/durable-call.js';
import { registerHookRoute } from './hook.js';
import { httpConfigFromEnv, type HttpNodeConfig } from './http/request.js';
import { registerRoutes } from './routes.js';
import { createTriggerCache } from './trigger-cache.js';
import { createTriggerService } from './triggers.js';
import type { WalkDeps } from './walk.js';

/** The plugin with its own HTTP node settings (tests reach a local server with allowPrivate). */
export function createFlowBuilderPlugin(options: { http?: Partial<HttpNodeConfig> } = {}): PluginDefinition {
  return definePlugin({
    id: 'flow-builder',
    kind: 'module',
    planFlag: 'useFlowBuilder',
    migrations: 'migrations',
    webModule: 'flow-builder',
    async register(ctx) {
      const box = await secretBox(ctx.db);
      const triggers = createTriggerCache(ctx);
      const deps: WalkDeps = { messages: ctx.messages, timedWork: ctx.timedWork, tickets: ctx.tickets, storage: ctx.storage, http: { ...httpConfigFromEnv(), ...options.http }, channels: ctx.channels, conversations: ctx.conversations, log: ctx.log };
      registerRoutes(ctx, createFlowService(ctx.db, triggers, box, ctx.storage), createTriggerService(ctx, triggers), deps);
      registerHookRoute(ctx, deps, box);
      ctx.bot.registerHandler(FLOW_HANDLER, flowHandler(ctx, deps), { planFlag: 'useFlowBuilder' });
      ctx.bot.registerStarter(flowStarter(triggers), { planFlag: 'useFlowBuilder' });
      defineResume(ctx, deps);
      defineHttpCalls(ctx, deps);
      defineCampaignReplies(ctx, triggers);
    },
  });
}

export default createFlowBuilderPlugin();
