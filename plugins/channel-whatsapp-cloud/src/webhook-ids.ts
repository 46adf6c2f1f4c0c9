import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { recentReads } from './recent-reads.js';

const TABLE = 'whatsappCloudWebhooks';

/** A public webhook id: `wh-` and 32 lower-case hex digits (a connection token is upper case). */
export const WEBHOOK_ID = /^wh-[0-9a-f]{32}$/;
/** The old URL's last segment: the connection's API token. */
export const LEGACY_TOKEN = /^[A-Z0-9]{1,64}$/;

/**
 * Until this day (UTC, exclusive) Meta may still call /whatsappapi/webhook/{connection token}; after it
 * that URL answers 404 and only /whatsappapi/webhook/{webhook id} works. Operators switch by pasting
 * the URL the connection dialog shows into the Meta app (README, docs/deploy.md).
 */
export const LEGACY_WEBHOOK_URL_UNTIL = new Date('2027-03-01T00:00:00Z');

export function legacyUrlAccepted(until: Date = LEGACY_WEBHOOK_URL_UNTIL, now: Date = new Date()): boolean {
  return now.getTime() < until.getTime();
}

/** The connection's webhook id, created on first need (connections made after the migration). */
export async function webhookIdOf(db: Knex, companyId: number, connectionId: number): Promise<string> {
  await db(TABLE).insert({ connectionId, companyId, webhookId: `wh-${randomBytes(16).toString('hex')}` }).onConflict('connectionId').ignore();
  const row = await db(TABLE).where({ connectionId }).first('webhookId');
  return row.webhookId;
}

/**
 * The connection a webhook id names, if any. An id never changes owner (it is made once per
 * connection and goes with it), so this node keeps what it found: Meta calls it for every status.
 */
export async function connectionOfWebhookId(db: Knex, webhookId: string): Promise<number | null> {
  const known = recentReads<{ connectionId: number }>(db, 'webhook-ids', { max: 10_000, ttlMs: 10 * 60_000 });
  const cached = known.get(webhookId);
  if (cached) return cached.connectionId;
  const row = await db(TABLE).where({ webhookId }).first('connectionId');
  if (!row) return null;
  known.set(webhookId, { connectionId: Number(row.connectionId) });
  return Number(row.connectionId);
}

/**
 * Marks that Meta called the old token URL of this connection; true only the first time (across
 * every node), so the deprecation warning is logged once per connection.
 */
export async function markLegacyUse(db: Knex, companyId: number, connectionId: number): Promise<boolean> {
  await webhookIdOf(db, companyId, connectionId);
  const updated = await db(TABLE).where({ connectionId }).whereNull('legacyUsedAt').update({ legacyUsedAt: db.fn.now() });
  return updated > 0;
}
