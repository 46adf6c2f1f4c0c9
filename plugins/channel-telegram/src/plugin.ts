import { defineChannel, secretBox, type ChannelDefinition, type PluginContext } from '@guiche/core';
import { botStore, type BotStore } from './bots.js';
import { registerRoutes } from './routes.js';
import { createTelegramSession } from './session.js';

export const TELEGRAM_CAPABILITIES: ChannelDefinition['capabilities'] = { media: true, edit: true, delete: true, react: true, markRead: false, checkNumber: false, groups: false, presence: false };

/** Telegram channel: each kernel's sessions use the bot store that kernel's register() built. */
export function createTelegramChannel() {
  const stores = new WeakMap<PluginContext, BotStore>();
  return defineChannel({
    id: 'channel-telegram',
    channel: 'telegram',
    planFlag: 'useTelegram',
    capabilities: TELEGRAM_CAPABILITIES,
    migrations: 'migrations',
    createSession(connection, io, ctx) {
      const store = stores.get(ctx);
      if (!store) throw new Error('channel-telegram: createSession before register');
      return createTelegramSession(ctx, store, connection, io);
    },
    async register(ctx) {
      const store = botStore(ctx.db, await secretBox(ctx.db));
      stores.set(ctx, store);
      registerRoutes(ctx, store);
    },
  });
}

export default createTelegramChannel();
