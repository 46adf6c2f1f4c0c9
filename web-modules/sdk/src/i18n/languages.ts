export const SupportedLanguages = ['pt', 'en', 'es', 'tr'] as const;
export type SupportedLanguage = (typeof SupportedLanguages)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'pt';

export type TranslationTree = { [key: string]: string | TranslationTree };

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SupportedLanguages as readonly string[]).includes(value);
}
