import { defineChannel, type ChannelDefinition, type PluginContext } from '@guiche/core';
import { createMessengerSession, publicFileUrl, registerMessengerWebhook, registerWindowRoute } from '@guiche/meta-graph';
import { registerLoginRoutes } from './login.js';

export const FACEBOOK_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  markRead: true,
  react: false,
  edit: false,
  delete: false,
  checkNumber: false,
  groups: false,
  presence: false,
};


/** Facebook Messenger channel: one definition per kernel. */
export function createFacebookChannel() {
  let wired: PluginContext | null = null;
  return defineChannel({
    id: 'channel-facebook',
    channel: 'facebook',
    planFlag: 'useFacebook',
    capabilities: FACEBOOK_CAPABILITIES,
    migrations: 'migrations',
    createSession(connection, io) {
      if (!wired) throw new Error('channel-facebook: createSession before register');
      const ctx = wired;
      return createMessengerSession(ctx, connection, io, { publicUrl: (file) => publicFileUrl(ctx, file) });
    },
    register(ctx) {
      wired = ctx;
      registerMessengerWebhook(ctx, 'facebook');
      registerWindowRoute(ctx, 'facebook');
      registerLoginRoutes(ctx);
    },
  });
}

export default createFacebookChannel();
