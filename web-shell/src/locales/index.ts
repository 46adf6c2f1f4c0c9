import { registerTranslations } from '@guiche/web-sdk';

export const SHELL_NS = 'shell';
export function registerShellTranslations(): void {
  registerTranslations(SHELL_NS, {
    pt: async () => (await import(/* webpackChunkName: "locale-pt" */ './pt.js')).pt,
    en: async () => (await import(/* webpackChunkName: "locale-en" */ './en.js')).en,
    es: async () => (await import(/* webpackChunkName: "locale-es" */ './es.js')).es,
    tr: async () => (await import(/* webpackChunkName: "locale-tr" */ './tr.js')).tr,
  });
}
