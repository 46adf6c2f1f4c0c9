import { DEFAULT_LANGUAGE, isSupportedLanguage, type SupportedLanguage } from '@guiche/web-sdk/languages';
import { StorageKeys } from '@guiche/web-sdk/storage';
import type { pt } from '../locales/pt.js';

export type LoginStrings = (typeof pt)['login'];

/** The language the whole shell would start in (the sdk's i18n reads the same key). */
export function storedLanguage(storage: Pick<Storage, 'getItem'>): SupportedLanguage {
  try {
    const stored = storage.getItem(StorageKeys.language);
    return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * The login screen's strings in one language. Each import names the chunk the shell's own loaders
 * name (locales/index.ts), so the light login fetches the very file the shell reads after sign-in.
 */
export async function loginStrings(language: SupportedLanguage): Promise<LoginStrings> {
  switch (language) {
    case 'en':
      return (await import(/* webpackChunkName: "locale-en" */ '../locales/en.js')).en.login;
    case 'es':
      return (await import(/* webpackChunkName: "locale-es" */ '../locales/es.js')).es.login;
    case 'tr':
      return (await import(/* webpackChunkName: "locale-tr" */ '../locales/tr.js')).tr.login;
    default:
      return (await import(/* webpackChunkName: "locale-pt" */ '../locales/pt.js')).pt.login;
  }
}
