import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './pt.js';
import { en } from './en.js';
import { es } from './es.js';
import { tr } from './tr.js';

/** i18next namespace of every string of the tickets screen. */
export const TICKETS_NS = 'tickets';

registerTranslations(TICKETS_NS, { pt, en, es, tr });
