import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './pt.js';
import { en } from './en.js';
import { es } from './es.js';
import { tr } from './tr.js';

/** i18next namespace of the conversation panel. */
export const NS = 'ticketConversation';

registerTranslations(NS, { pt, en, es, tr });
