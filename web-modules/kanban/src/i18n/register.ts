import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt';
import { en } from './locales/en';
import { es } from './locales/es';
import { tr } from './locales/tr';

/** i18next namespace of the kanban board's strings. */
export const NS = 'kanban';
/** i18next namespace of the kanban tags manager (ListPage reads its keys at the top level). */
export const TAGS_NS = 'kanbanTags';

registerTranslations(NS, { pt: pt.board, en: en.board, es: es.board, tr: tr.board });
registerTranslations(TAGS_NS, { pt: pt.tags, en: en.tags, es: es.tags, tr: tr.tags });
