/**
 * Bus topics the connections API publishes for the channel session supervisor, which subscribes
 * to them on every node; the node holding a connection's lease acts. Payload: ConnectionTopicPayload.
 */
export const ConnectionTopics = {
  /** Start (or retry) the session: a new connection, "try again". */
  start: 'core.connection.start',
  /** Drop the stored auth state and start again so a new QR code is shown. */
  newQr: 'core.connection.newQr',
  /** Log out at the channel and stop; no automatic reconnect. */
  logout: 'core.connection.logout',
  /** The dialog's settings changed (queues, messages, timers): reload them. */
  updated: 'core.connection.updated',
  /** The connection is gone: stop its session and drop its auth state. */
  deleted: 'core.connection.deleted',
  /** Restart every session of the company (payload carries connectionIds). */
  restart: 'core.connections.restart',
} as const;

export interface ConnectionTopicPayload {
  companyId: number;
  connectionId: number;
}

export interface ConnectionsRestartPayload {
  companyId: number;
  connectionIds: number[];
}
