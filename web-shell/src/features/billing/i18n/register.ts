import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { tr } from './locales/tr.js';

/** i18next namespace of the invoices page and the checkout wizard. */
export const NS = 'billing';

registerTranslations(NS, { pt, en, es, tr });
