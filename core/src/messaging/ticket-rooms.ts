import type { Knex } from 'knex';
import type { Server } from 'socket.io';
import { Rooms, TicketRooms } from '@guiche/contracts';
import type { AuthUser } from '../plugin-sdk/types.js';
import { findTicket, loadViewer, viewerSees } from './ticket-access.js';

/** The ticket-policy rooms a user's sockets belong to: their queues' rooms and, under allTicket, the no-queue room. */
export async function ticketRoomsOf(db: Knex, user: AuthUser): Promise<string[]> {
  const viewer = await loadViewer(db, user);
  if (viewer.isAdmin) return [Rooms.companyAdmins(user.companyId)];
  const rooms = viewer.queueIds.map((queueId) => TicketRooms.queue(user.companyId, queueId));
  if (viewer.allTicket) rooms.push(TicketRooms.noQueue(user.companyId));
  return rooms;
}

function isPolicyRoom(companyId: number, room: string): boolean {
  return room.startsWith(TicketRooms.queuePrefix(companyId)) || room === TicketRooms.noQueue(companyId) || room === Rooms.companyAdmins(companyId);
}

/**
 * After a user's queues, allTicket or profile changed: every socket of theirs (on any node)
 * leaves the policy rooms it should no longer be in and joins the new ones.
 */
export async function resyncTicketRooms(io: Server, db: Knex, companyId: number, userId: number): Promise<void> {
  const row = await db('users').where({ id: userId, companyId }).first('id', 'companyId', 'profile', 'super');
  const sockets = await io.in(Rooms.user(userId)).fetchSockets();
  if (!row) return;
  const wanted = new Set(await ticketRoomsOf(db, { id: row.id, companyId: row.companyId, profile: row.profile, super: row.super }));
  for (const socket of sockets) {
    const stale = [...socket.rooms].filter((room) => isPolicyRoom(companyId, room) && !wanted.has(room));
    for (const room of stale) socket.leave(room);
    socket.join([...wanted]);
  }
}

/** 'joinChatBox' / 'joinTickets': the ticket's room, only for a user allowed to see the ticket. */
export async function mayJoinTicket(db: Knex, user: AuthUser, ticketRef: unknown): Promise<string | null> {
  if (typeof ticketRef !== 'string' && typeof ticketRef !== 'number') return null;
  const ticket = await findTicket(db, user.companyId, ticketRef);
  if (!ticket) return null;
  const viewer = await loadViewer(db, user);
  return viewerSees(viewer, ticket) ? Rooms.ticket(ticket.uuid) : null;
}
