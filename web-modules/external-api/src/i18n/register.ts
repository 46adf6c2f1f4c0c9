import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt';
import { en } from './locales/en';
import { es } from './locales/es';
import { tr } from './locales/tr';

/** i18next namespace of every string of this module. */
export const NS = 'messagesApi';

registerTranslations(NS, { pt, en, es, tr });
