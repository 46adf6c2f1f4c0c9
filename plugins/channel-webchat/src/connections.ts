import type { Knex } from 'knex';

export interface WebchatConnection {
  id: number;
  companyId: number;
  name: string;
  status: string;
  /** Sites allowed to embed the widget (empty: any). */
  allowedOrigins: string[];
}

/** The connection whose widget key this is: its current token, or a rotated one still in its grace period. */
async function connectionIdOfKey(db: Knex, key: string): Promise<number | null> {
  const current = await db('whatsapps').where({ token: key, channel: 'webchat' }).first('id');
  if (current) return current.id;
  const previous = await db('webchatPreviousKeys').where({ key }).where('validUntil', '>', new Date()).first('connectionId');
  return previous?.connectionId ?? null;
}

/**
 * The webchat connection a public widget key names, or null. Keys are unique platform-wide; a token
 * of another channel's connection is not a widget key. A logged-out connection (DISCONNECTED)
 * takes no visitors until it is started again.
 */
export async function findByToken(db: Knex, token: string): Promise<WebchatConnection | null> {
  const id = await connectionIdOfKey(db, token);
  if (id === null) return null;
  const row = await db('whatsapps')
    .leftJoin('webchatSites', 'webchatSites.connectionId', 'whatsapps.id')
    .where({ 'whatsapps.id': id, 'whatsapps.channel': 'webchat' })
    .first('whatsapps.id', 'whatsapps.companyId', 'whatsapps.name', 'whatsapps.status', 'webchatSites.allowedOrigins');
  if (!row || row.status === 'DISCONNECTED') return null;
  return { ...row, allowedOrigins: row.allowedOrigins ?? [] } as WebchatConnection;
}
