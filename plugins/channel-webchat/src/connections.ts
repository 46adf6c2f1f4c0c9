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
 * The webchat connection a public token names, or null. Tokens are unique platform-wide; a token
 * of another channel's connection is not a webchat token. A logged-out connection (DISCONNECTED)
 * takes no visitors until it is started again.
 */
export async function findByToken(db: Knex, token: string): Promise<WebchatConnection | null> {
  const row = await db('whatsapps')
    .leftJoin('webchatSites', 'webchatSites.connectionId', 'whatsapps.id')
    .where({ 'whatsapps.token': token, 'whatsapps.channel': 'webchat' })
    .first('whatsapps.id', 'whatsapps.companyId', 'whatsapps.name', 'whatsapps.status', 'webchatSites.allowedOrigins');
  if (!row || row.status === 'DISCONNECTED') return null;
  return { ...row, allowedOrigins: row.allowedOrigins ?? [] } as WebchatConnection;
}
