import type { Knex } from 'knex';
import { classifyFailure, dayStart, GUARD_DEFAULTS, type FailureKind, type GuardSettings } from './guard-rules.js';

type Db = Knex | Knex.Transaction;

export interface ConnectionGuard extends GuardSettings {
  connectionId: number;
  firstSendAt: Date | null;
  messagingTier: string | null;
  qualityRating: string | null;
  /** Cloud API: when Meta last lowered the number's standing, and what it said. */
  qualityDroppedAt: Date | null;
  qualityDrop: QualityDrop | null;
  standingAt: Date | null;
  /** Cloud API: the number's WABA and the business portfolio owning it (Meta's limit is the portfolio's). */
  wabaId: string | null;
  portfolioId: string | null;
}

/** What the channel reported when the standing dropped (kept for the pause's detail). */
export interface QualityDrop {
  event: string | null;
  source: string;
  qualityRating: string | null;
  previousQuality: string | null;
  messagingTier: string | null;
  previousTier: string | null;
}

const SETTING_KEYS = Object.keys(GUARD_DEFAULTS) as (keyof GuardSettings)[];

/** The connection's guard: its saved limits over the documented defaults. */
export async function readGuard(db: Db, companyId: number, connectionId: number): Promise<ConnectionGuard> {
  const row = await db('campaignConnectionGuards').where({ companyId, connectionId }).first();
  const settings = { ...GUARD_DEFAULTS } as Record<string, unknown>;
  for (const key of SETTING_KEYS) if (row && row[key] !== null && row[key] !== undefined) settings[key] = row[key];
  return {
    ...(settings as unknown as GuardSettings),
    connectionId,
    firstSendAt: row?.firstSendAt ?? null,
    messagingTier: row?.messagingTier ?? null,
    qualityRating: row?.qualityRating ?? null,
    qualityDroppedAt: row?.qualityDroppedAt ? new Date(row.qualityDroppedAt) : null,
    qualityDrop: row?.qualityDrop ?? null,
    standingAt: row?.standingAt ?? null,
    wabaId: row?.wabaId ?? null,
    portfolioId: row?.portfolioId ?? null,
  };
}

export async function saveGuard(db: Db, companyId: number, connectionId: number, input: { [K in keyof GuardSettings]?: GuardSettings[K] | null }): Promise<void> {
  const values = Object.fromEntries(SETTING_KEYS.filter((k) => k in input).map((k) => [k, input[k] ?? null]));
  await db('campaignConnectionGuards')
    .insert({ companyId, connectionId, ...values })
    .onConflict(['connectionId'])
    .merge({ ...values, updatedAt: db.fn.now() });
}

/** Day 0 of the warm-up ramp is the first campaign send through the connection. */
export async function markFirstSend(db: Db, companyId: number, connectionId: number, at: Date): Promise<void> {
  await db('campaignConnectionGuards').insert({ companyId, connectionId, firstSendAt: at }).onConflict(['connectionId']).merge({ firstSendAt: db.raw('coalesce(campaign_connection_guards.first_send_at, excluded.first_send_at)') });
}

/** Meta's tier and quality rating of a Cloud API connection, as the channel last reported them; its WABA and portfolio when named. */
export async function saveCloudStanding(
  db: Db,
  companyId: number,
  connectionId: number,
  standing: { messagingTier: string | null; qualityRating: string | null; wabaId?: string | null; portfolioId?: string | null },
  at: Date,
): Promise<void> {
  const { wabaId, portfolioId, ...figures } = standing;
  const values = { ...figures, ...(wabaId ? { wabaId } : {}), ...(portfolioId ? { portfolioId } : {}), standingAt: at };
  await db('campaignConnectionGuards').insert({ companyId, connectionId, ...values }).onConflict(['connectionId']).merge({ ...values, updatedAt: db.fn.now() });
}

/**
 * The company's Cloud API connections Meta counts together with this one: the same business portfolio,
 * or the same WABA (always one portfolio) when a portfolio was not named. Always includes the connection.
 */
export async function portfolioConnections(db: Db, companyId: number, guard: Pick<ConnectionGuard, 'connectionId' | 'wabaId' | 'portfolioId'>): Promise<number[]> {
  if (!guard.portfolioId && !guard.wabaId) return [guard.connectionId];
  const rows: { connectionId: number }[] = await db('campaignConnectionGuards')
    .where({ companyId })
    .where((q) => {
      if (guard.portfolioId) q.orWhere({ portfolioId: guard.portfolioId });
      if (guard.wabaId) q.orWhere({ wabaId: guard.wabaId });
    })
    .select('connectionId');
  return [...new Set([guard.connectionId, ...rows.map((r) => r.connectionId)])].sort((x, y) => x - y);
}

/**
 * Notes a drop once: the same report reaches every node (the bus fans out), and only the first
 * moves quality_dropped_at forward. Answers whether this call noted it.
 */
export async function noteQualityDrop(db: Db, connectionId: number, at: Date, drop: QualityDrop): Promise<boolean> {
  const moved = await db('campaignConnectionGuards')
    .where({ connectionId })
    .where((q) => q.whereNull('qualityDroppedAt').orWhere('qualityDroppedAt', '<', at))
    .update({ qualityDroppedAt: at, qualityDrop: JSON.stringify(drop), updatedAt: db.fn.now() })
    .returning('id');
  return moved.length > 0;
}

/** Unique numbers the connections' campaigns handed a message to since `since` (Meta counts unique users, across the portfolio). */
export async function recipientsSince(db: Db, connectionIds: number[], since: Date): Promise<{ recipients: number; oldest: Date | null }> {
  const row = await db('campaignShippings')
    .whereIn('connectionId', connectionIds)
    .where('sendingAt', '>=', since)
    .whereNotNull('messageId')
    .first(db.raw('count(DISTINCT number)::int AS recipients'), db.raw('min(sending_at) AS oldest'));
  return { recipients: Number(row?.recipients ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Campaign messages the connection handed over today (any campaign of the company). */
export async function sentToday(db: Db, connectionId: number, now: Date): Promise<number> {
  const row = await db('campaignShippings').where({ connectionId }).where('sendingAt', '>=', dayStart(now)).whereNotNull('messageId').count<{ n: string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export type FailureCounts = Record<FailureKind, number> & { total: number };

/** The campaign's failures on the connection since `since`, by kind. */
export async function failuresSince(db: Db, campaignId: number, connectionId: number, since: Date): Promise<FailureCounts> {
  const rows: { reason: string | null }[] = await db('campaignShippings').where({ campaignId, connectionId, state: 'failed' }).where('sendingAt', '>=', since).select('reason');
  const counts: FailureCounts = { notOnWhatsapp: 0, blocked: 0, failed: 0, total: rows.length };
  for (const r of rows) counts[classifyFailure(r.reason)] += 1;
  return counts;
}

export type GuardDecision = 'daily_cap' | 'sending_hours' | 'paused_failures' | 'paused_quality' | 'tier_cap' | 'resumed';

export async function recordDecision(db: Db, entry: { companyId: number; campaignId: number; connectionId: number | null; decision: GuardDecision; detail: Record<string, unknown>; at: Date }): Promise<void> {
  await db('campaignGuardEvents').insert({ companyId: entry.companyId, campaignId: entry.campaignId, connectionId: entry.connectionId, decision: entry.decision, detail: JSON.stringify(entry.detail), createdAt: entry.at });
}

export async function listDecisions(db: Db, companyId: number, campaignId: number) {
  return db('campaignGuardEvents').where({ companyId, campaignId }).orderBy('id', 'desc').limit(200).select('id', 'connectionId', 'decision', 'detail', 'createdAt');
}
