import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { tr } from './locales/tr.js';

/** i18next namespace of the API token section of the connection dialog. */
export const API_TOKEN_NS = 'connectionsApiToken';

registerTranslations(API_TOKEN_NS, { pt, en, es, tr });
