import type { CoreServices } from '../services.js';
import { checkTicketSla, SLA_CHECK } from './check.js';

export { registerSlaRoutes } from './routes.js';
export { slaDashboard } from './dashboard.js';
export { SLA_BREACHED } from './notify.js';
export { SLA_CHECK } from './check.js';
export { createSlaBreachTimers, type SlaBreachTimers } from './breach-timers.js';
export { FIRST_RESPONSE_STATUS, RESOLUTION_STATUS } from './status-sql.js';

/** The SLA clock of each ticket: one `sla.check` timed-work row per ticket (core/src/sla/check.ts). */
export function defineSlaCheck(core: CoreServices): void {
  core.timedWork.define<{ ticketId: number }>(SLA_CHECK, (job) => checkTicketSla(core, job), { maxAttempts: 10 });
}
