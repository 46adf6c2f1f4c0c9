import type { Knex } from 'knex';

export interface WebchatConnection {
  id: number;
  companyId: number;
  name: string;
  status: string;
  /** Sites allowed to embed the widget (empty: any). */
  allowedOrigins: string[];
}

/**
 * The webchat connection a public widget key names, or null: its current token, or a rotated one
 * still in its grace period (./widget-key.ts). Keys are unique platform-wide; a token of another
 * channel's connection is not a widget key. A logged-out connection (DISCONNECTED) takes no
 * visitors until it is started again. One query: every widget request and handshake asks.
 */
export async function findByToken(db: Knex, token: string): Promise<WebchatConnection | null> {
  const rotated = db('webchatPreviousKeys').where({ key: token }).where('validUntil', '>', new Date()).first('connectionId');
  const row = await db('whatsapps')
    .leftJoin('webchatSites', 'webchatSites.connectionId', 'whatsapps.id')
    .where('whatsapps.channel', 'webchat')
    .where((q) => q.where('whatsapps.token', token).orWhere('whatsapps.id', rotated))
    .first('whatsapps.id', 'whatsapps.companyId', 'whatsapps.name', 'whatsapps.status', 'webchatSites.allowedOrigins');
  if (!row || row.status === 'DISCONNECTED') return null;
  return { ...row, allowedOrigins: row.allowedOrigins ?? [] } as WebchatConnection;
}
