import type { MetaLocale } from './pt.js';

export const en: MetaLocale = {
  cloud: {
    title: 'WhatsApp Cloud API (Meta)',
    saveFirst: 'Save the connection to fill in the Meta details.',
    phoneNumberId: 'Phone number ID',
    wabaId: 'WhatsApp Business Account ID (WABA)',
    accessToken: 'Access token',
    appSecret: 'App secret',
    verifyToken: 'Webhook verify token',
    secretKept: 'Stored ({{masked}}). Leave blank to keep it.',
    webhookUrl: 'Webhook URL (paste it in the Meta app)',
    copy: 'Copy',
    copied: 'Copied!',
    save: 'Save Meta details',
    saved: 'Meta details saved. Checking the number...',
    lastError: 'Last error: {{error}}',
    templates: {
      title: 'Message templates',
      loading: 'Loading templates…',
      error: "This connection's templates could not be read.",
      summary_one: '{{count}} template stored ({{approved}} approved).',
      summary_other: '{{count}} templates stored ({{approved}} approved).',
      syncedAt: 'Read from Meta on {{at}}.',
      never: 'Not read from Meta yet.',
      sync: 'Sync now',
      syncing: 'Syncing…',
      synced_one: 'Templates synced: {{count}} ({{approved}} approved).',
      synced_other: 'Templates synced: {{count}} ({{approved}} approved).',
    },
  },
  login: {
    starting: 'Opening Facebook Login...',
    cancelled: 'Facebook Login cancelled.',
    notConfigured: 'The Meta app is not configured on this server.',
    done: 'Connections created or updated: {{count}}',
  },
};
