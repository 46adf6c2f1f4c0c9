import type { Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { registerMessageRoutes } from './messages-routes.js';
import { registerTicketRoutes } from './tickets-routes.js';
import { registerImportedTicketRoutes } from './imported-tickets.js';

export { createIngestService } from './ingest.js';

/** Tickets, messages, notes and quick messages routes. */
export function registerMessagingRoutes(routes: Routes, core: CoreServices): void {
  registerTicketRoutes(routes, core);
  registerMessageRoutes(routes, core);
  registerImportedTicketRoutes(routes, core);
}
