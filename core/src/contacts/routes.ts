import type { Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { registerContactRoutes as registerContactHttp } from './contact-routes.js';
import { registerTagRoutes } from './tag-routes.js';
import { registerWalletRoutes } from './wallet-routes.js';

/** Contacts and tags (inbox.md §7 Contacts, tags; outreach-config.md §7 Tags). */
export function registerContactRoutes(routes: Routes, core: CoreServices): void {
  registerContactHttp(routes, core);
  registerTagRoutes(routes, core);
  registerWalletRoutes(routes, core);
}
