import type { Knex } from 'knex';
import type { ChannelPeer, ConnectionInfo } from './types.js';

function isoOrNull(value: unknown): string | null {
  return value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;
}

/** What a session is told about its connection, read fresh from `whatsapps`. */
export async function loadConnectionInfo(db: Knex, connectionId: number): Promise<(ConnectionInfo & { status: string }) | null> {
  const row = await db('whatsapps').where({ id: connectionId }).first();
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    channel: row.channel,
    token: row.token,
    allowGroup: row.allowGroup,
    groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    importOldMessages: isoOrNull(row.importOldMessages),
    importRecentMessages: isoOrNull(row.importRecentMessages),
    importOldMessagesGroups: row.importOldMessagesGroups,
    status: row.status,
  };
}

/**
 * The channel address of a contact: its remote id when the channel gave one (a WhatsApp jid, a
 * page-scoped id), else its stored number (phone digits, a visitor id).
 */
export function peerOfContact(contact: Record<string, any>): ChannelPeer {
  return {
    id: contact.remoteJid || contact.number,
    name: contact.name,
    ...(contact.number ? { number: contact.number } : {}),
    ...(contact.email ? { email: contact.email } : {}),
    ...(contact.lid ? { lid: contact.lid } : {}),
    isGroup: Boolean(contact.isGroup),
  };
}
