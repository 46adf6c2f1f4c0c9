import { registerAnnouncementRoutes } from './announcements-routes.js';
import type { Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { registerCompanyAdminRoutes } from './companies-routes.js';
import { defineCompanyDeletion } from './company-deletion.js';
import { registerHelpRoutes } from './helps-routes.js';
import { registerRecoveryRoutes } from './recovery-routes.js';
import { defineRecoverySend } from './recovery-send.js';

/** Account administration (issue #9): password recovery, companies, helps, announcements. */
export function registerAccountRoutes(routes: Routes, core: CoreServices): void {
  registerRecoveryRoutes(routes, core);
  registerCompanyAdminRoutes(routes, core);
  registerHelpRoutes(routes, core);
  registerAnnouncementRoutes(routes, core);
}

/** Timed work of the account area; defined before the sweeper starts. */
export function defineAccountWork(core: CoreServices): void {
  defineCompanyDeletion(core);
  defineRecoverySend(core);
}
