import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorCode } from '@guiche/contracts';
import type { pt as sdkPt } from './pt.js';
import { StorageKeys } from '../storage.js';
import { DEFAULT_LANGUAGE, isSupportedLanguage, SupportedLanguages, type SupportedLanguage } from './languages.js';
import { isLoaderSet, localeBackend, setLocaleLoaders, type LocaleSources } from './locale-backend.js';

export { DEFAULT_LANGUAGE, isSupportedLanguage, SupportedLanguages, type SupportedLanguage, type TranslationTree } from './languages.js';
export type { LocaleLoader, LocaleSources } from './locale-backend.js';

/** The sdk's own strings live in the default namespace. */
export const SDK_NAMESPACE = 'translation';

// Every error code of the API has a text in the source language (checked at compile time).
type ErrorTexts = Record<ErrorCode, string>;
const errorTextsChecked = (texts: (typeof sdkPt)['errors']): ErrorTexts => texts;
void errorTextsChecked;

function initialLanguage(): SupportedLanguage {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(StorageKeys.language);
  return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

// Each language's strings are a chunk of their own, fetched only when that language is used
// (issue #28): the default namespace's here, every other namespace's through registerTranslations.
setLocaleLoaders(SDK_NAMESPACE, {
  pt: async () => (await import(/* webpackChunkName: "locale-pt" */ './pt.js')).pt,
  en: async () => (await import(/* webpackChunkName: "locale-en" */ './en.js')).en,
  es: async () => (await import(/* webpackChunkName: "locale-es" */ './es.js')).es,
  tr: async () => (await import(/* webpackChunkName: "locale-tr" */ './tr.js')).tr,
});

/**
 * One i18next instance for the whole page: the sdk is a federation singleton, so the shell and
 * every remote translate through this same instance.
 */
export const i18n: I18n = i18next.createInstance();
const initialised = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SupportedLanguages],
    defaultNS: SDK_NAMESPACE,
    ns: [SDK_NAMESPACE],
    // Remotes still add whole bundles (every language at once) beside the loaded ones.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
  });

/**
 * Resolves once the active language's strings of these namespaces (and the sdk's) are loaded:
 * the shell awaits it before its first render, so nothing shows a raw key.
 */
export async function translationsReady(namespaces: string[] = []): Promise<void> {
  await initialised;
  await i18n.loadNamespaces([SDK_NAMESPACE, ...namespaces]);
}

/**
 * A remote (or the shell) adds its own strings under its namespace, for every language: either the
 * trees themselves, or (better) a loader per language, so only the active language is downloaded.
 */
export function registerTranslations(namespace: string, resources: LocaleSources): void {
  if (isLoaderSet(resources)) {
    setLocaleLoaders(namespace, resources);
    // Start fetching the active language's strings now; useTranslation(namespace) suspends until then.
    void i18n.loadNamespaces(namespace);
    return;
  }
  for (const language of SupportedLanguages) {
    i18n.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

/** Switches the interface language (after loading its strings) and remembers it on this device. */
export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  localStorage.setItem(StorageKeys.language, language);
  await i18n.changeLanguage(language);
}

export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
