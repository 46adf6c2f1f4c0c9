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
  },
  login: {
    starting: 'Opening Facebook Login...',
    cancelled: 'Facebook Login cancelled.',
    notConfigured: 'The Meta app is not configured on this server.',
    done: 'Connections created or updated: {{count}}',
  },
};
