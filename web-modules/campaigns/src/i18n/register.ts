import { registerTranslations } from '@guiche/web-sdk';
import { pt } from './locales/pt';
import { en } from './locales/en';
import { es } from './locales/es';
import { tr } from './locales/tr';

/** Namespaces of the module: one per list page (ListPage reads its keys at the top level). */
export const NS = 'campaigns';
export const LISTS_NS = 'contactLists';
export const ITEMS_NS = 'contactListItems';

for (const ns of [NS, LISTS_NS, ITEMS_NS] as const) registerTranslations(ns, { pt: pt[ns], en: en[ns], es: es[ns], tr: tr[ns] });
