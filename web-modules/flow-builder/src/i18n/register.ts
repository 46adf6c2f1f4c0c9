import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt';
import { en } from './locales/en';
import { es } from './locales/es';
import { tr } from './locales/tr';

/** i18next namespace of the flow builder module (ListPage reads its keys at the top level). */
export const NS = 'flowBuilder';

registerTranslations(NS, { pt, en, es, tr });
