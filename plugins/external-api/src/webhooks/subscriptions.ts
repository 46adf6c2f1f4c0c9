import type { Knex } from 'knex';
import { AppError, secretBox, type SecretBox } from '@guiche/core';
import type { SubscribableWebhookEvent, WebhookSubscription } from '@guiche/contracts';

export const SUBSCRIPTIONS = 'webhookSubscriptions';

export interface SubscriptionRow {
  id: number;
  companyId: number;
  url: string;
  events: SubscribableWebhookEvent[] | string;
  secret: string;
  enabled: boolean;
  consecutiveFailures: number;
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function eventsOf(row: Pick<SubscriptionRow, 'events'>): SubscribableWebhookEvent[] {
  return typeof row.events === 'string' ? (JSON.parse(row.events) as SubscribableWebhookEvent[]) : row.events;
}

/** The subscription as the API answers it (never its secret). */
export function toSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    url: row.url,
    events: eventsOf(row),
    enabled: row.enabled,
    consecutiveFailures: row.consecutiveFailures,
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason === 'failures' ? 'failures' : null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** The company's subscription, or 404 (another company's id included). */
export async function findSubscription(db: Knex, companyId: number, id: number): Promise<SubscriptionRow> {
  const row: SubscriptionRow | undefined = await db(SUBSCRIPTIONS).where({ id, companyId }).first();
  if (!row) throw new AppError('ERR_NO_WEBHOOK_FOUND', 404);
  return row;
}

/** The enabled subscriptions of a company that want at least one of `types`. */
export async function subscribersOf(db: Knex, companyId: number, types: SubscribableWebhookEvent[]): Promise<SubscriptionRow[]> {
  const rows: SubscriptionRow[] = await db(SUBSCRIPTIONS).where({ companyId, enabled: true });
  return rows.filter((row) => eventsOf(row).some((type) => types.includes(type)));
}

/** The secret box, opened once per process (its key may be created in the database on first use). */
export function lazySecretBox(db: Knex): () => Promise<SecretBox> {
  let box: Promise<SecretBox> | null = null;
  return () => {
    box ??= secretBox(db).catch((err: unknown) => {
      box = null;
      throw err;
    });
    return box;
  };
}
