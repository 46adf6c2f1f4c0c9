import { Events, Rooms, type Connection } from '@guiche/contracts';
import type { CoreServices } from '../services.js';

/** Rooms of everyone who manages connections: the company's admins and each allowConnections user. */
export async function connectionRooms(core: CoreServices, companyId: number): Promise<string[]> {
  const managers: number[] = await core.db('users').where({ companyId, allowConnections: true }).whereNot({ profile: 'admin' }).pluck('id');
  return [Rooms.companyAdmins(companyId), ...managers.map(Rooms.user)];
}

export async function emitConnection(core: CoreServices, companyId: number, payload: { action: 'create' | 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number }): Promise<void> {
  core.realtime.emit(await connectionRooms(core, companyId), Events.whatsapp(companyId), payload);
}

export async function emitSession(core: CoreServices, companyId: number, sessions: Connection[]): Promise<void> {
  if (sessions.length === 0) return;
  const rooms = await connectionRooms(core, companyId);
  for (const session of sessions) core.realtime.emit(rooms, Events.whatsappSession(companyId), { action: 'update', session });
}
