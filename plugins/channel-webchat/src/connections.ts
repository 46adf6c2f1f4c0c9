import type { Knex } from 'knex';

export interface WebchatConnection {
  id: number;
  companyId: number;
  name: string;
  status: string;
}

/**
 * The webchat connection a public token names, or null. Tokens are unique platform-wide; a token
 * of another channel's connection is not a webchat token. A logged-out connection (DISCONNECTED)
 * takes no visitors until it is started again.
 */
export async function findByToken(db: Knex, token: string): Promise<WebchatConnection | null> {
  const row = await db('whatsapps').where({ token, channel: 'webchat' }).first('id', 'companyId', 'name', 'status');
  if (!row || row.status === 'DISCONNECTED') return null;
  return row as WebchatConnection;
}
