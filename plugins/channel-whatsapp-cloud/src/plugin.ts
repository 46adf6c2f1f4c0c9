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

/** WhatsApp Cloud API channel: one definition per kernel (its sessions use the context its register() got). */
export function createWhatsappCloudChannel() {
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
      await registerWebhook(ctx);
    },
  });
}

export default createWhatsappCloudChannel();
