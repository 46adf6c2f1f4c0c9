import { STANDING_TOPIC, type ConnectionStanding } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import type { GraphClient } from '@guiche/meta-graph';
import type { Knex } from 'knex';
import type { CloudAccount } from './accounts.js';

/**
 * Meta's standing of a Cloud API number (issue #31): the messaging limit tier of its business
 * portfolio and the number's quality rating. Read from the Graph API when the session starts, every
 * few hours (standing-refresh.ts: a webhook lost on the way is not waited for until the next start)
 * and when a webhook says it changed; stored on the account and published on the bus (STANDING_TOPIC)
 * for the campaigns guard, with whether it dropped.
 */
export interface Standing {
  messagingTier: string | null;
  qualityRating: string | null;
}

/**
 * The phone number's fields the session asks for. `messaging_limit_tier` is deprecated since
 * the limits moved to the business portfolio (October 2025); numbers that still answer only it are read from it.
 */
export const NUMBER_FIELDS = 'display_phone_number,verified_name,quality_rating,whatsapp_business_manager_messaging_limit,messaging_limit_tier';

export interface NumberInfo {
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: unknown;
  whatsapp_business_manager_messaging_limit?: unknown;
  messaging_limit_tier?: unknown;
}

/** Webhook events and account updates that pause campaigns whatever the figures say. */
export const DROP_EVENTS: readonly string[] = ['DOWNGRADE', 'FLAGGED', 'ACCOUNT_VIOLATION', 'ACCOUNT_RESTRICTION', 'DISABLED_UPDATE'];

const TIER_BY_COUNT: Record<string, string> = { '-1': 'TIER_UNLIMITED', '0': 'TIER_NOT_SET', '50': 'TIER_50', '250': 'TIER_250', '1000': 'TIER_1K', '2000': 'TIER_2K', '10000': 'TIER_10K', '100000': 'TIER_100K' };
/** Tiers from the lowest limit up (TIER_NOT_SET sends as much as TIER_250). */
const TIER_RANK: Record<string, number> = { TIER_50: 1, TIER_NOT_SET: 2, TIER_250: 2, TIER_1K: 3, TIER_2K: 4, TIER_10K: 5, TIER_100K: 6, TIER_UNLIMITED: 7 };
const QUALITY_ALIASES: Record<string, string> = { GREEN: 'GREEN', HIGH: 'GREEN', YELLOW: 'YELLOW', MEDIUM: 'YELLOW', RED: 'RED', LOW: 'RED', UNKNOWN: 'UNKNOWN', NA: 'UNKNOWN' };

/** A tier as Meta writes it ("TIER_2K"), or a count (2000, "2000", -1 = unlimited) as the capability webhook does; null when unreadable. */
export function normalizeTier(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return TIER_BY_COUNT[String(value)] ?? null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  if (/^-?\d+$/.test(text)) return TIER_BY_COUNT[String(Number(text))] ?? null;
  if (text === 'UNLIMITED') return 'TIER_UNLIMITED';
  return /^TIER_[A-Z0-9]{1,20}$/.test(text) ? text : null;
}

export function normalizeQuality(value: unknown): string | null {
  return typeof value === 'string' ? (QUALITY_ALIASES[value.trim().toUpperCase()] ?? null) : null;
}

export const standingOf = (info: NumberInfo): Standing => ({
  messagingTier: normalizeTier(info.whatsapp_business_manager_messaging_limit) ?? normalizeTier(info.messaging_limit_tier),
  qualityRating: normalizeQuality(info.quality_rating),
});

export const digitsOf = (value: unknown): string => (typeof value === 'string' ? value.replace(/\D/g, '').slice(0, 32) : '');

/** Worse in a way that must stop campaigns: RED, a lower tier, or an event that says so. */
export function hasDropped(previous: Standing, next: Standing, event: string | null): boolean {
  if (event && DROP_EVENTS.includes(event)) return true;
  if (next.qualityRating === 'RED' && previous.qualityRating !== 'RED') return true;
  const before = previous.messagingTier ? TIER_RANK[previous.messagingTier] : undefined;
  const after = next.messagingTier ? TIER_RANK[next.messagingTier] : undefined;
  return before !== undefined && after !== undefined && after < before;
}

/** Graph's answer for the number (the session's check and a webhook's re-read). */
export const readNumber = (client: GraphClient, phoneNumberId: string) => client.get<NumberInfo>(phoneNumberId, { fields: NUMBER_FIELDS });

/**
 * The business portfolio that owns the WABA (`owner_business_info`): Meta counts the messaging
 * limit per portfolio, so the campaigns guard counts across the company's numbers that share it.
 * undefined when Graph cannot say (a token without business_management): the stored one is kept.
 */
export async function readPortfolio(client: GraphClient, wabaId: string): Promise<string | undefined> {
  const info = await client.get<{ owner_business_info?: { id?: unknown } }>(wabaId, { fields: 'owner_business_info' }).catch(() => null);
  const id = info?.owner_business_info?.id;
  const text = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
  return /^\d{1,32}$/.test(text) ? text : undefined;
}

type Ctx = Pick<PluginContext, 'db' | 'bus' | 'log'>;

/** What a read or a webhook says; a field left undefined (or read as null) keeps its stored value. */
export type StandingUpdate = Partial<Standing> & { displayNumber?: string; portfolioId?: string };

/**
 * Stores the standing in the caller's transaction under the account's row lock and answers the note
 * to publish: null when the account is gone, or when `onlyOnChange` and nothing Meta says changed
 * (the periodic re-read). `at` is the webhook's own time when there is one, so a delivery Meta
 * repeats is the same note.
 */
export async function storeStanding(
  trx: Knex.Transaction,
  account: Pick<CloudAccount, 'connectionId' | 'companyId'>,
  next: StandingUpdate,
  source: string,
  options: { event?: string | null; at?: Date; onlyOnChange?: boolean } = {},
): Promise<ConnectionStanding | null> {
  const { event = null, at = new Date(), onlyOnChange = false } = options;
  const row = await trx('whatsappCloudAccounts').where({ connectionId: account.connectionId }).forUpdate().first('messagingTier', 'qualityRating', 'wabaId', 'portfolioId');
  if (!row) return null;
  const previous: Standing = { messagingTier: row.messagingTier ?? null, qualityRating: row.qualityRating ?? null };
  const standing: Standing = { messagingTier: next.messagingTier ?? previous.messagingTier, qualityRating: next.qualityRating ?? previous.qualityRating };
  const portfolioId: string | null = next.portfolioId ?? row.portfolioId ?? null;
  const changed = standing.messagingTier !== previous.messagingTier || standing.qualityRating !== previous.qualityRating || portfolioId !== (row.portfolioId ?? null);
  await trx('whatsappCloudAccounts')
    .where({ connectionId: account.connectionId })
    .update({ ...standing, portfolioId, ...(next.displayNumber ? { displayNumber: next.displayNumber } : {}), standingAt: at });
  if (onlyOnChange && !changed && !event) return null;
  return { companyId: account.companyId, connectionId: account.connectionId, ...standing, wabaId: row.wabaId ?? null, portfolioId, previous, source, event, dropped: hasDropped(previous, standing, event), at: at.toISOString() };
}

/** Publishes a stored note on the bus (after its transaction committed); a drop is logged as a warning. */
export async function publishStanding(ctx: Ctx, note: ConnectionStanding): Promise<void> {
  if (note.dropped) ctx.log.warn({ connectionId: note.connectionId, companyId: note.companyId, standing: note }, 'whatsappapi: Meta lowered the number\'s standing');
  await ctx.bus.publish(STANDING_TOPIC, note, { companyId: note.companyId });
}

/** Stores the standing in a transaction of its own, then publishes it with whether it dropped. */
export async function noteStanding(
  ctx: Ctx,
  account: Pick<CloudAccount, 'connectionId' | 'companyId'>,
  next: StandingUpdate,
  source: string,
  event: string | null = null,
  at: Date = new Date(),
): Promise<ConnectionStanding | null> {
  const note = await ctx.db.transaction((trx) => storeStanding(trx, account, next, source, { event, at }));
  if (note) await publishStanding(ctx, note);
  return note;
}
