import { defineChannel, type ChannelDefinition } from '@guiche/core';
import { registerRoutes } from './routes.js';
import { createCloudSession } from './session.js';
import { registerWebhook } from './webhook.js';
import { defineMediaRetries } from './media.js';
import { defineStandingRefresh, standingRefreshMs } from './standing-refresh.js';
import { defineTemplatesSync, templatesSyncMs } from './template-sync.js';
import { CLOUD_WINDOW_TEMPLATES } from './window-templates.js';

export const CLOUD_CAPABILITIES: ChannelDefinition['capabilities'] = {
  media: true,
  react: true,
  markRead: true,
  edit: false,
  delete: false,
  checkNumber: false,
  groups: false,
  presence: false,
  // Meta takes a number's sends in parallel (80 msg/s by default); one at a time caps a number at 1 / round trip.
  parallelSends: 20,
};

export interface WhatsappCloudOptions {
  /** Until when the old webhook URL (with the connection token) is accepted; default LEGACY_WEBHOOK_URL_UNTIL. */
  legacyWebhookUntil?: Date;
  /** How often each connection's standing is read again from Graph; default WHATSAPPAPI_STANDING_REFRESH_MS or 6 h. */
  standingRefreshMs?: number;
  /** How often each connection's message templates are synced from Graph; default WHATSAPPAPI_TEMPLATES_SYNC_MS or 24 h. */
  templatesSyncMs?: number;
}

/** WhatsApp Cloud API channel: its sessions use the context of the kernel that runs them. */
export function createWhatsappCloudChannel(options: WhatsappCloudOptions = {}) {
  // Read when the kernel starts (the default export is built at import, before a test sets the env).
  const refreshMs = () => standingRefreshMs(options.standingRefreshMs);
  const syncMs = () => templatesSyncMs(options.templatesSyncMs);
  return defineChannel({
    id: 'channel-whatsapp-cloud',
    channel: 'whatsappapi',
    planFlag: 'useWhatsapp',
    capabilities: CLOUD_CAPABILITIES,
    migrations: 'migrations',
    templates: CLOUD_WINDOW_TEMPLATES,
    createSession: (connection, io, ctx) => createCloudSession(ctx, connection, io, refreshMs(), syncMs()),
    async register(ctx) {
      defineMediaRetries(ctx);
      defineStandingRefresh(ctx, refreshMs());
      defineTemplatesSync(ctx, syncMs());
      registerRoutes(ctx);
      await registerWebhook(ctx, options.legacyWebhookUntil);
    },
  });
}

export default createWhatsappCloudChannel();
