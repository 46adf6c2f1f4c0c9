import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorCode } from '@guiche/contracts';
import { pt } from './pt.js';
import { en } from './en.js';
import { es } from './es.js';
import { tr } from './tr.js';
import { StorageKeys } from '../storage.js';

export const SupportedLanguages = ['pt', 'en', 'es', 'tr'] as const;
export type SupportedLanguage = (typeof SupportedLanguages)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'pt';
/** The sdk's own strings live in the default namespace. */
export const SDK_NAMESPACE = 'translation';

// Every error code of the API has a text in the source language (checked at compile time).
const errorTexts: Record<ErrorCode, string> = pt.errors;
void errorTexts;

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SupportedLanguages as readonly string[]).includes(value);
}

function initialLanguage(): SupportedLanguage {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(StorageKeys.language);
  return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * One i18next instance for the whole page: the sdk is a federation singleton, so the shell and
 * every remote translate through this same instance.
 */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {
    pt: { [SDK_NAMESPACE]: pt },
    en: { [SDK_NAMESPACE]: en },
    es: { [SDK_NAMESPACE]: es },
    tr: { [SDK_NAMESPACE]: tr },
  },
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SupportedLanguages],
  defaultNS: SDK_NAMESPACE,
  ns: [SDK_NAMESPACE],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type TranslationTree = { [key: string]: string | TranslationTree };

/** A remote (or the shell) adds its own strings under its namespace, for every language. */
export function registerTranslations(
  namespace: string,
  resources: Record<SupportedLanguage, TranslationTree>,
): void {
  for (const language of SupportedLanguages) {
    i18n.addResourceBundle(language, namespace, resources[language], true, true);
  }
}

/** Switches the interface language and remembers it on this device. */
export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  localStorage.setItem(StorageKeys.language, language);
  await i18n.changeLanguage(language);
}

export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
