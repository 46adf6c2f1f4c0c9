import { registerTranslations } from '@guiche/web-sdk';

/** i18next namespace of every string of the dashboard. */
export const NS = 'dashboard';

registerTranslations(NS, {
  pt: async () => (await import(/* webpackChunkName: "locale-pt-pages" */ './locales/pt.js')).pt,
  en: async () => (await import(/* webpackChunkName: "locale-en-pages" */ './locales/en.js')).en,
  es: async () => (await import(/* webpackChunkName: "locale-es-pages" */ './locales/es.js')).es,
  tr: async () => (await import(/* webpackChunkName: "locale-tr-pages" */ './locales/tr.js')).tr,
});
