import type { Connection, ConnectionStatus } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { emitSession } from './audience.js';
import { noteStatusChange } from './down-alerts.js';
import { CONNECTIONS_TABLE, findConnection } from './repository.js';
import { ConnectionTopics, type ConnectionsRestartPayload, type ConnectionTopicPayload } from './topics.js';

export interface SessionState {
  status?: ConnectionStatus;
  qrcode?: string | null;
  retries?: number;
  number?: string | null;
  session?: string | null;
  statusImportMessages?: string | null;
}

/**
 * Stores a connection's session state and tells the people who manage connections
 * (company-{id}-whatsappSession). The session supervisor reports every status change through it.
 */
export async function setSessionState(core: CoreServices, companyId: number, connectionId: number, state: SessionState, opts: { deliberate?: boolean } = {}): Promise<Connection> {
  const previous = state.status ? await core.db(CONNECTIONS_TABLE).where({ companyId, id: connectionId }).first('status') : undefined;
  const updated = await core.db(CONNECTIONS_TABLE).where({ companyId, id: connectionId }).update({ ...state, updatedAt: core.db.fn.now() });
  if (updated === 0) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  const connection = await findConnection(core.db, companyId, connectionId);
  await emitSession(core, companyId, [connection]);
  if (state.status) await noteStatusChange(core, companyId, connectionId, previous?.status, state.status, opts.deliberate === true);
  return connection;
}

async function publish(core: CoreServices, topic: string, payload: ConnectionTopicPayload | ConnectionsRestartPayload): Promise<void> {
  await core.bus.publish(topic, payload, { companyId: payload.companyId });
}

/** "Try again": the supervisor starts the session; until it reports, the connection is OPENING. */
export async function startSession(core: CoreServices, companyId: number, connectionId: number): Promise<Connection> {
  const connection = await setSessionState(core, companyId, connectionId, { status: 'OPENING', qrcode: null, retries: 0 });
  await publish(core, ConnectionTopics.start, { companyId, connectionId });
  return connection;
}

/** "New QR": the session marker is dropped; the supervisor clears the auth state and starts over. */
export async function requestNewQr(core: CoreServices, companyId: number, connectionId: number): Promise<Connection> {
  const connection = await setSessionState(core, companyId, connectionId, { status: 'OPENING', qrcode: null, retries: 0, session: null }, { deliberate: true });
  await publish(core, ConnectionTopics.newQr, { companyId, connectionId });
  return connection;
}

/** "Disconnect": DISCONNECTED with the session cleared; the supervisor logs out and does not reconnect. */
export async function logoutSession(core: CoreServices, companyId: number, connectionId: number): Promise<Connection> {
  const connection = await setSessionState(core, companyId, connectionId, { status: 'DISCONNECTED', qrcode: null, retries: 0, session: null }, { deliberate: true });
  await publish(core, ConnectionTopics.logout, { companyId, connectionId });
  return connection;
}

/** "Restart connections": every connection of the company goes back to OPENING and is restarted. */
export async function restartSessions(core: CoreServices, companyId: number): Promise<Connection[]> {
  const ids: number[] = await core.db(CONNECTIONS_TABLE).where({ companyId }).orderBy('id').pluck('id');
  if (ids.length === 0) return [];
  await core.db(CONNECTIONS_TABLE).whereIn('id', ids).update({ status: 'OPENING', qrcode: null, retries: 0, updatedAt: core.db.fn.now() });
  const connections = await Promise.all(ids.map((id) => findConnection(core.db, companyId, id)));
  await emitSession(core, companyId, connections);
  await publish(core, ConnectionTopics.restart, { companyId, connectionIds: ids });
  return connections;
}
