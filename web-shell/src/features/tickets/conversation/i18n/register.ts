import { registerTranslations } from '@guiche/web-sdk';

/** i18next namespace of the conversation panel. */
export const NS = 'ticketConversation';

registerTranslations(NS, {
  pt: async () => (await import(/* webpackChunkName: "locale-pt-pages" */ './pt.js')).pt,
  en: async () => (await import(/* webpackChunkName: "locale-en-pages" */ './en.js')).en,
  es: async () => (await import(/* webpackChunkName: "locale-es-pages" */ './es.js')).es,
  tr: async () => (await import(/* webpackChunkName: "locale-tr-pages" */ './tr.js')).tr,
});
