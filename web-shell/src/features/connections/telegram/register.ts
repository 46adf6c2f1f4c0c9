import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { tr } from './locales/tr.js';

/** i18next namespace of the Telegram part of the connection dialog. */
export const TELEGRAM_NS = 'connectionsTelegram';

registerTranslations(TELEGRAM_NS, { pt, en, es, tr });
