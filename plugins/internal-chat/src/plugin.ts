import { definePlugin } from '@guiche/core';
import { createChatEvents } from './chat-events.js';
import { createChatService } from './chat-service.js';
import { registerChatRoutes } from './routes.js';

export default definePlugin({
  id: 'internal-chat',
  kind: 'module',
  planFlag: 'useInternalChat',
  migrations: 'migrations',
  webModule: 'internal-chat',
  register(ctx) {
    const events = createChatEvents(ctx.realtime);
    const chats = createChatService({ db: ctx.db, users: ctx.users, storage: ctx.storage, log: ctx.log, events });
    registerChatRoutes(ctx.routes, chats, ctx.storage);
  },
});
