import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { tr } from './locales/tr.js';

/** i18next namespace of the Meta channels' pieces of the connections page. */
export const META_NS = 'connectionsMeta';

registerTranslations(META_NS, { pt, en, es, tr });
