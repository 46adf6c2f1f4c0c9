import type { Knex } from 'knex';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { isAdmin, loadViewer, type Viewer } from '../messaging/ticket-access.js';

/** Which flag opens the area: the dashboard and report (showDashboard) or the moments view (allowRealTime). */
export type DashboardArea = 'dashboard' | 'moments';

/**
 * The caller's viewer if the area is open to them (inbox.md §2: admins, or users with
 * showDashboard / allowRealTime); 403 ERR_NO_PERMISSION otherwise.
 */
export async function areaViewer(core: CoreServices, auth: AuthUser, area: DashboardArea): Promise<Viewer> {
  if (!isAdmin(auth)) {
    const user = await core.db('users').where({ id: auth.id, companyId: auth.companyId }).first('showDashboard', 'allowRealTime');
    const allowed = area === 'dashboard' ? user?.showDashboard : user?.allowRealTime;
    if (!allowed) throw new AppError('ERR_NO_PERMISSION', 403);
  }
  return loadViewer(core.db, auth);
}

/**
 * What the caller may see, on a table with user_id and queue_id (ticket_metrics or tickets): an
 * admin everything of the company; a plain user the tickets the ticket list shows them
 * (viewerSees): assigned to them, or unassigned in one of their queues (without a queue under
 * allTicket).
 */
export function scoped(query: Knex.QueryBuilder, viewer: Viewer, alias: string): Knex.QueryBuilder {
  query.where(`${alias}.companyId`, viewer.companyId);
  if (viewer.isAdmin) return query;
  return query.where((mine) => {
    mine.where(`${alias}.userId`, viewer.id).orWhere((free) => {
      free.whereNull(`${alias}.userId`).where((queue) => {
        if (viewer.queueIds.length) queue.whereIn(`${alias}.queueId`, viewer.queueIds);
        else queue.whereRaw('false');
        if (viewer.allTicket) queue.orWhereNull(`${alias}.queueId`);
      });
    });
  });
}

/** ticket_metrics rows the caller may see. */
export function metrics(db: Knex, viewer: Viewer): Knex.QueryBuilder {
  return scoped(db('ticketMetrics as m'), viewer, 'm');
}
