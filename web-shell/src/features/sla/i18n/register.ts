import { registerTranslations } from '@guiche/web-sdk';

/** i18next namespace of the SLA page, the ticket row countdown, the breach notices and the dashboard tab. */
export const NS = 'sla';

registerTranslations(NS, {
  pt: async () => (await import(/* webpackChunkName: "locale-pt" */ './locales/pt.js')).pt,
  en: async () => (await import(/* webpackChunkName: "locale-en" */ './locales/en.js')).en,
  es: async () => (await import(/* webpackChunkName: "locale-es" */ './locales/es.js')).es,
  tr: async () => (await import(/* webpackChunkName: "locale-tr" */ './locales/tr.js')).tr,
});
