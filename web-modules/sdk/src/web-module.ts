import type { ComponentType } from 'react';
import type { IconName } from '@blueprintjs/icons';

export interface WebModuleRoute {
  /** Absolute path, as react-router understands it ('/chats', '/chats/:id'). */
  path: string;
  Component: ComponentType;
}

export interface WebModuleMenuItem {
  to: string;
  /** Full i18next key; a remote's own strings use 'namespace:key' (see registerTranslations). */
  labelKey: string;
  icon: IconName;
  /** 'admin' items are listed in the admin group of the side menu. */
  section?: 'main' | 'admin';
}

export interface WebModule {
  id: string;
  planFlag: string | null;
  routes: WebModuleRoute[];
  menu: WebModuleMenuItem[];
  /** Components the shell renders in its top bar (e.g. the internal-chat popover). */
  topBar?: ComponentType[];
}

/** What a remote's './module' exposes as its default export. */
export function defineWebModule(module: WebModule): WebModule {
  return module;
}
