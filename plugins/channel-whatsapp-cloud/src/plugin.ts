import { defineChannel, type ChannelDefinition, type PluginContext } from '@guiche/core';
import { registerRoutes } from './routes.js';
import { createCloudSession } from './session.js';
import { registerWebhook } from './webhook.js';
import { defineMediaRetries } from './media.js';

export const CLOUD_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  react: true,
  markRead: true,
  edit: false,
  delete: false,
  checkNumber: false,
  groups: false,
  presence: false,
};

export interface WhatsappCloudOptions {
  /** Until when the old webhook URL (with the connection token) is accepted; default LEGACY_WEBHOOK_URL_UNTIL. */
  legacyWebhookUntil?: Date;
}

/** WhatsApp Cloud API channel: one definition per kernel (its sessions use the context its register() got). */
export function createWhatsappCloudChannel(options: WhatsappCloudOptions = {}) {
  let wired: PluginContext | null = null;
  return defineChannel({
    id: 'channel-whatsapp-cloud',
    channel: 'whatsappapi',
    planFlag: 'useWhatsapp',
    capabilities: CLOUD_CAPABILITIES,
    migrations: 'migrations',
    createSession(connection, io) {
      if (!wired) throw new Error('channel-whatsapp-cloud: createSession before register');
      return createCloudSession(wired, connection, io);
    },
    async register(ctx) {
      wired = ctx;
      defineMediaRetries(ctx);
      registerRoutes(ctx);
      await registerWebhook(ctx, options.legacyWebhookUntil);
    },
  });
}

export default createWhatsappCloudChannel();
