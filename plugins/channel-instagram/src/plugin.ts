import { defineChannel, type ChannelDefinition, type PluginContext } from '@guiche/core';
import { createMessengerSession, publicFileUrl, registerMessengerWebhook, registerWindowRoute } from '@guiche/meta-graph';

export const INSTAGRAM_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  markRead: false,
  react: false,
  edit: false,
  delete: false,
  checkNumber: false,
  groups: false,
  presence: false,
};


/**
 * Instagram Direct channel: accounts are linked through Facebook Login (POST /facebook with
 * addInstagram, served by channel-facebook, whose meta_pages table this channel reads).
 */
export function createInstagramChannel() {
  let wired: PluginContext | null = null;
  return defineChannel({
    id: 'channel-instagram',
    channel: 'instagram',
    planFlag: 'useInstagram',
    capabilities: INSTAGRAM_CAPABILITIES,
    createSession(connection, io) {
      if (!wired) throw new Error('channel-instagram: createSession before register');
      const ctx = wired;
      return createMessengerSession(ctx, connection, io, { publicUrl: (file) => publicFileUrl(ctx, file) });
    },
    register(ctx) {
      wired = ctx;
      registerMessengerWebhook(ctx, 'instagram');
      registerWindowRoute(ctx, 'instagram');
    },
  });
}

export default createInstagramChannel();
