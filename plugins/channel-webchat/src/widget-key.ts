import type { Knex } from 'knex';
import { generateConnectionToken } from '@guiche/core';

/** How long a rotated key still opens the widget: pages already open keep working until the site is updated. */
const PREVIOUS_KEY_GRACE_MS = 24 * 60 * 60_000;

/**
 * Gives a webchat connection a new public widget key (its token) and keeps the old one valid for
 * the grace period. Open visitor sockets are left alone: they authenticated at their handshake.
 */
export async function rotateWidgetKey(db: Knex, connectionId: number): Promise<string> {
  const key = generateConnectionToken();
  await db.transaction(async (trx) => {
    const row = await trx('whatsapps').where({ id: connectionId, channel: 'webchat' }).forUpdate().first('token');
    if (!row) return;
    await trx('whatsapps').where({ id: connectionId }).update({ token: key });
    const previous = { connectionId, key: row.token, validUntil: new Date(Date.now() + PREVIOUS_KEY_GRACE_MS) };
    await trx('webchatPreviousKeys').insert(previous).onConflict('connectionId').merge();
  });
  return key;
}
