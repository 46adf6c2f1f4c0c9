import type { Knex } from 'knex';
import { isSubscriptionExpired } from '../domain/subscription.js';

/**
 * True when the company owning the connection has an expired subscription: its outbound delivery
 * waits (rows stay pending, like a session that is not ready) until the payment renews it, then
 * settlePayment triggers a drain of each of its connections. Inbound is never paused.
 */
export async function outboundPaused(db: Knex, connectionId: number): Promise<boolean> {
  const row = await db('whatsapps as w').join('companies as c', 'c.id', 'w.companyId').where('w.id', connectionId).first('c.id', 'c.dueDate');
  return !!row && isSubscriptionExpired(row.id, row.dueDate);
}
