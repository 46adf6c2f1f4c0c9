import { defineChannel, type ChannelDefinition, type PluginContext } from '@guiche/core';
import { publicFileUrl } from '../public-url.js';
import { registerWindowRoute } from '../window-route.js';
import type { MessengerKind } from './pages.js';
import { createMessengerSession } from './session.js';
import { registerMessengerWebhook } from './webhook.js';

export interface MessengerChannelOptions {
  kind: MessengerKind;
  planFlag: ChannelDefinition['planFlag'];
  capabilities: ChannelDefinition['capabilities'];
  migrations?: string;
  /** Routes of this channel beyond the webhook and the window (Facebook Login for Messenger). */
  registerMore?: (ctx: PluginContext) => void;
}

/**
 * A Messenger-platform channel (Facebook or Instagram): sessions over the page's token, its signed
 * webhook and its 24-hour window route.
 */
export function defineMessengerChannel(options: MessengerChannelOptions) {
  return defineChannel({
    id: `channel-${options.kind}`,
    channel: options.kind,
    planFlag: options.planFlag,
    capabilities: options.capabilities,
    ...(options.migrations ? { migrations: options.migrations } : {}),
    createSession: (connection, io, ctx) => createMessengerSession(ctx, connection, io, { publicUrl: (file) => publicFileUrl(ctx, file) }),
    register(ctx) {
      registerMessengerWebhook(ctx, options.kind);
      registerWindowRoute(ctx, options.kind);
      options.registerMore?.(ctx);
    },
  });
}
