import { definePlugin, type PluginDefinition } from '../plugin-sdk/types.js';
import type { ChannelDefinition } from './types.js';

/** A channel is a plugin of kind 'channel' that registers its definition with the kernel. */
export function defineChannel(definition: ChannelDefinition): PluginDefinition {
  return definePlugin({
    id: definition.id,
    kind: 'channel',
    planFlag: definition.planFlag,
    planFlagLabels: definition.planFlagLabels,
    migrations: definition.migrations,
    webModule: definition.webModule,
    async register(ctx) {
      ctx.channels.register(definition);
      if (definition.webhooks) await definition.webhooks(ctx.publicRoutes, ctx);
      if (definition.register) await definition.register(ctx);
    },
  });
}
