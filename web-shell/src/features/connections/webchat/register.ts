import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { tr } from './locales/tr.js';

/** i18next namespace of the website chat's part of the connection dialog. */
export const WEBCHAT_NS = 'connectionsWebchat';

registerTranslations(WEBCHAT_NS, { pt, en, es, tr });
