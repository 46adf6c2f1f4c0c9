import type { IconName } from '@blueprintjs/icons';
import type { WebModuleMenuItem } from '@guiche/web-sdk';
import { MENU_ITEMS, visibleMenuItems, type MenuUser, type PlanFlags } from '../menu/menu-items.js';
import type { ModuleState } from '../modules/WebModulesProvider.js';

export interface MenuEntry {
  key: string;
  to: string;
  label: string;
  icon: IconName;
  section: 'main' | 'admin';
  connectionsBadge?: boolean;
}

import { shellFeatures } from '../features/registry.js';

/** Pages the shell itself renders in this build. */
export const SHELL_PAGES = new Set(['/tickets', ...shellFeatures.flatMap((f) => f.menuPaths)]);

/**
 * The menu as rendered: the visible items of the table whose page exists (in the shell or in a
 * remote the plan enables), then items remotes add beyond the table.
 */
export function menuEntries(
  user: MenuUser,
  planFlags: PlanFlags,
  modules: ModuleState[],
  translate: (key: string) => string,
): MenuEntry[] {
  const remoteItems: WebModuleMenuItem[] = modules.flatMap((m) => (m.status === 'ready' ? m.module.menu : []));
  const remotePaths = new Set(remoteItems.map((i) => i.to));
  const moduleFlags = new Set(modules.map((m) => m.descriptor.planFlag).filter(Boolean));

  const visible = visibleMenuItems(user, planFlags);
  const entries: MenuEntry[] = visible
    .filter((item) => SHELL_PAGES.has(item.to) || remotePaths.has(item.to) || (item.planFlag && moduleFlags.has(item.planFlag)))
    .map((item) => ({ key: item.key, to: item.to, label: translate(`shell:${item.labelKey}`), icon: item.icon, section: item.section, connectionsBadge: item.connectionsBadge }));

  // Table paths are never duplicated, and a remote cannot show what the table hides from this user.
  const tablePaths = new Set(MENU_ITEMS.map((i) => i.to));
  for (const item of remoteItems) {
    if (tablePaths.has(item.to)) continue;
    if (item.section === 'admin' && user.profile !== 'admin') continue;
    entries.push({ key: `remote:${item.to}`, to: item.to, label: translate(item.labelKey), icon: item.icon, section: item.section ?? 'main' });
  }
  return entries;
}

