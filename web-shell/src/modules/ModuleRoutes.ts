import type { ComponentType } from 'react';
import { MENU_ITEMS } from '../menu/menu-items.js';
import type { ModuleState } from './WebModulesProvider.js';

export interface ModuleRoute {
  path: string;
  moduleId: string;
  Component?: ComponentType;
  status: ModuleState['status'];
}

/**
 * Routes contributed by remotes. A remote still loading or that failed has no routes of its own;
 * the menu table tells which paths its plan flag owns, so those show a spinner or an error card.
 */
export function moduleRoutes(modules: ModuleState[]): ModuleRoute[] {
  const routes: ModuleRoute[] = [];
  for (const m of modules) {
    if (m.status === 'ready') {
      for (const r of m.module.routes) routes.push({ path: r.path, Component: r.Component, moduleId: m.descriptor.id, status: 'ready' });
      continue;
    }
    const owned = MENU_ITEMS.filter((item) => item.planFlag && item.planFlag === m.descriptor.planFlag);
    for (const item of owned) {
      routes.push({ path: item.to, moduleId: m.descriptor.id, status: m.status });
      routes.push({ path: `${item.to}/*`, moduleId: m.descriptor.id, status: m.status });
    }
  }
  return routes;
}
