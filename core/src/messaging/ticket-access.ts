import type { Knex } from 'knex';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { TicketRow } from '../plugin-sdk/tickets.js';

export type { TicketRow };


/** What decides which tickets a user sees (inbox.md §6, ARCHITECTURE §7 room policy). */
export interface Viewer {
  id: number;
  companyId: number;
  isAdmin: boolean;
  queueIds: number[];
  /** allTicket 'enable': also sees unassigned tickets without a queue. */
  allTicket: boolean;
}

export function isAdmin(auth: Pick<AuthUser, 'profile' | 'super'>): boolean {
  return auth.profile === 'admin' || auth.super;
}

export async function loadViewer(db: Knex, auth: AuthUser): Promise<Viewer> {
  const base = { id: auth.id, companyId: auth.companyId };
  if (isAdmin(auth)) return { ...base, isAdmin: true, queueIds: [], allTicket: true };
  const [user, queues] = await Promise.all([
    db('users').where({ id: auth.id, companyId: auth.companyId }).first('allTicket'),
    db('userQueues').where({ userId: auth.id, companyId: auth.companyId }).select('queueId'),
  ]);
  const queueIds = (queues as { queueId: number }[]).map((q) => q.queueId);
  return { ...base, isAdmin: false, queueIds, allTicket: user?.allTicket === 'enable' };
}

/** A plain user sees a ticket assigned to them, or an unassigned one of their queues (or without queue under allTicket). */
export function viewerSees(viewer: Viewer, ticket: Pick<TicketRow, 'companyId' | 'userId' | 'queueId'>): boolean {
  if (ticket.companyId !== viewer.companyId) return false;
  if (viewer.isAdmin || ticket.userId === viewer.id) return true;
  if (ticket.userId !== null) return false;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}

export async function canSeeTicket(core: CoreServices, auth: AuthUser, ticket: TicketRow): Promise<boolean> {
  if (ticket.companyId !== auth.companyId) return false;
  if (isAdmin(auth) || ticket.userId === auth.id) return true;
  if (ticket.userId !== null) return false;
  return viewerSees(await loadViewer(core.db, auth), ticket);
}

/** A ticket row of the caller's company by id or uuid; never another tenant's. */
export async function findTicket(db: Knex, companyId: number, idOrUuid: number | string): Promise<TicketRow | undefined> {
  const key = String(idOrUuid);
  const query = db('tickets').where({ companyId });
  if (/^\d{1,9}$/.test(key)) query.where({ id: Number(key) });
  else if (/^[0-9a-f-]{36}$/i.test(key)) query.where({ uuid: key });
  else return undefined;
  return query.first();
}

/** The ticket if the caller may see it; 404 ERR_NO_TICKET_FOUND otherwise (never tells another tenant's ids apart). */
export async function loadVisibleTicket(core: CoreServices, auth: AuthUser, ticketIdOrUuid: number | string): Promise<TicketRow> {
  const ticket = await findTicket(core.db, auth.companyId, ticketIdOrUuid);
  if (!ticket || !(await canSeeTicket(core, auth, ticket))) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  return ticket;
}
