import type { BackendModule, ReadCallback } from 'i18next';
import { isSupportedLanguage, SupportedLanguages, type SupportedLanguage, type TranslationTree } from './languages.js';

/** Loads one language's strings of one namespace (a dynamic import: its own chunk). */
export type LocaleLoader = () => Promise<TranslationTree>;
/** A namespace's strings per language: the trees themselves, or a loader for each. */
export type LocaleSources = Record<SupportedLanguage, TranslationTree> | Record<SupportedLanguage, LocaleLoader>;

const loaders = new Map<string, Record<SupportedLanguage, LocaleLoader>>();

export function isLoaderSet(sources: LocaleSources): sources is Record<SupportedLanguage, LocaleLoader> {
  return SupportedLanguages.every((language) => typeof sources[language] === 'function');
}

export function setLocaleLoaders(namespace: string, sources: Record<SupportedLanguage, LocaleLoader>): void {
  loaders.set(namespace, sources);
}

/**
 * The i18next backend that reads a namespace's language through its registered loader. A
 * namespace without loaders (a remote that added whole bundles) reads as empty: its bundles are
 * already in the store, and i18next asks only for what the store lacks.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = isSupportedLanguage(language) ? loaders.get(namespace)?.[language] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (tree) => callback(null, tree),
      // `true` beside the error: i18next retries (a chunk that failed to download is fetched again).
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};
