import { defineChannel, secretBox, type ChannelDefinition, type PluginContext } from '@guiche/core';
import { botStore, type BotStore } from './bots.js';
import { registerRoutes } from './routes.js';
import { createTelegramSession } from './session.js';

export const TELEGRAM_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  edit: true,
  delete: true,
  react: true,
  markRead: false,
  checkNumber: false,
  groups: false,
  presence: false,
};

/** Telegram channel: one definition per kernel (its sessions use the store its register() built). */
export function createTelegramChannel() {
  let wired: { ctx: PluginContext; store: BotStore } | null = null;
  return defineChannel({
    id: 'channel-telegram',
    channel: 'telegram',
    planFlag: 'useTelegram',
    capabilities: TELEGRAM_CAPABILITIES,
    migrations: 'migrations',
    createSession(connection, io) {
      if (!wired) throw new Error('channel-telegram: createSession before register');
      return createTelegramSession(wired.ctx, wired.store, connection, io);
    },
    async register(ctx) {
      const store = botStore(ctx.db, await secretBox(ctx.db));
      wired = { ctx, store };
      registerRoutes(ctx, store);
    },
  });
}

export default createTelegramChannel();
